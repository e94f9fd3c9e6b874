import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { parseMail, type ParsedMail } from './mail-parse.js';

/** A message the fake SMTP server accepted. */
export interface ReceivedMail extends ParsedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** How the client authenticated (PLAIN, LOGIN) and as whom, if it did. */
  auth?: { method: string; username: string };
  /** Whether the session ran over TLS (implicit or STARTTLS). */
  secure: boolean;
  raw: string;
}

/** A running in-process SMTP server. */
export interface FakeSmtp {
  port: number;
  mails: ReceivedMail[];
  /** Waits for the first received message that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Account and password the fake accepts. */
export interface SmtpCredentials {
  user: string;
  pass: string;
}

/**
 * Starts a real SMTP listener on 127.0.0.1 (smtp-server). `secure` = implicit TLS with the
 * library's built-in self-signed certificate; otherwise clear text without STARTTLS, which
 * lets the client authenticate in clear (`allowInsecureAuth`).
 */
export async function startFakeSmtp(
  credentials: SmtpCredentials,
  options: { secure?: boolean; port?: number; authMethods?: string[] } = {},
): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const config: SMTPServerOptions = {
    secure: options.secure ?? false,
    disabledCommands: options.secure ? [] : ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: options.authMethods ?? ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass) {
        callback(null, { user: { method: auth.method, username: auth.username } });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const user = session.user as { method: string; username: string } | undefined;
        mails.push({
          ...parseMail(raw),
          raw,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          auth: user,
          secure: session.secure,
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  };
  const server = new SMTPServer(config);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    async waitFor(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(match);
        if (found) return found;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no matching mail arrived');
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left).unref();
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

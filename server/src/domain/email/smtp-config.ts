import { isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import * as mail from '../../config/settings/groups/email.js';
import { systemName } from '../../config/settings/groups/general.js';
import type { Settings } from '../../config/settings/store.js';

/** How to reach the SMTP server and who the mail is from, read from the settings. */
export interface SmtpConfig {
  /** nodemailer transport options. */
  transport: SMTPTransport.Options;
  /** The From header: the site name and the sender address. */
  from: { name: string; address: string };
  /** True when implicit TLS runs without checking the certificate (worth a warning). */
  unverifiedTls: boolean;
}

// Providers that only take AUTH LOGIN, as new-api detects them.
const loginOnlyServers = new Set(['smtp.sendcloud.net', 'smtp.azurecomm.net']);

/** Whether AUTH LOGIN should replace the default AUTH PLAIN (switch or known provider). */
function needsAuthLogin(force: boolean, server: string, account: string): boolean {
  if (force || loginOnlyServers.has(server.toLowerCase())) return true;
  return /outlook|onmicrosoft/i.test(account);
}

/**
 * The SMTP configuration, or null when no server is set. Port 465 or `SMTPSSLEnabled` means
 * implicit TLS (certificate checked only with `SMTPVerifyCertificate`, as new-api did not);
 * other ports upgrade with STARTTLS when offered, certificate checked. An empty account sends
 * without AUTH; `SMTPFrom` falls back to the account.
 */
export function readSmtpConfig(settings: Settings): SmtpConfig | null {
  const host = settings.get(mail.smtpServer).trim();
  if (!host) return null;
  const port = settings.get(mail.smtpPort);
  const account = settings.get(mail.smtpAccount).trim();
  const secure = port === 465 || settings.get(mail.smtpSslEnabled);
  const verify = !secure || settings.get(mail.smtpVerifyCertificate);
  const transport: SMTPTransport.Options = {
    host,
    port,
    secure,
    // SNI carries host names only (RFC 6066): an IP address is left out.
    tls: { rejectUnauthorized: verify, ...(isIP(host) ? {} : { servername: host }) },
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
  if (account) {
    transport.auth = { user: account, pass: settings.get(mail.smtpToken) };
    const login = needsAuthLogin(settings.get(mail.smtpForceAuthLogin), host, account);
    transport.authMethod = login ? 'LOGIN' : 'PLAIN';
  }
  const address = settings.get(mail.smtpFrom).trim() || account;
  return {
    transport,
    from: { name: settings.get(systemName), address },
    unverifiedTls: !verify,
  };
}

import { randomBytes } from 'node:crypto';
import { sendJson, startFakeHttp, type FakeExchange, type FakeHttp } from './fake-http.js';

/** A person known to the fake GitHub / linux.do. */
export interface FakeOAuthUser {
  id: number;
  login: string;
  name?: string | null;
  /** Public e-mail (GitHub `/user`); null hides it like GitHub does. */
  email?: string | null;
  /** Addresses behind `GET /user/emails`. */
  emails?: Array<{ email: string; primary: boolean; verified: boolean }>;
  /** linux.do trust level. */
  trustLevel?: number;
}

/** Client credentials the fake accepts. */
export interface FakeClient {
  id: string;
  secret: string;
}

/** A fake GitHub and linux.do speaking their OAuth code flows on one port. */
export interface FakeOAuthProvider extends FakeHttp {
  /** Registers a user for both providers. */
  addUser(user: FakeOAuthUser): void;
  /** A single-use authorization code for `userId`, as the provider's redirect would carry. */
  issueCode(provider: 'github' | 'linuxdo', userId: number): string;
  /** The user the authorize pages approve (for browser tests). */
  setApprovingUser(userId: number): void;
}

type Provider = 'github' | 'linuxdo';

/**
 * Starts the fake. Authorize pages approve at once and redirect to
 * `{consoleUrl}/oauth/{provider}?code=&state=`, like GitHub with a registered callback.
 */
export async function startFakeOAuthProvider(
  clients: Record<Provider, FakeClient>,
  options: { consoleUrl?: string; port?: number } = {},
): Promise<FakeOAuthProvider> {
  const users = new Map<number, FakeOAuthUser>();
  const codes = new Map<string, { provider: Provider; userId: number; expires: number }>();
  const tokens = new Map<string, { provider: Provider; userId: number }>();
  let approving = 0;

  const issueCode = (provider: Provider, userId: number) => {
    const code = randomBytes(10).toString('hex');
    codes.set(code, { provider, userId, expires: Date.now() + 10 * 60_000 });
    return code;
  };
  /** Codes work once and only for the provider that issued them. */
  const redeem = (provider: Provider, code: string) => {
    const entry = codes.get(code);
    codes.delete(code);
    if (!entry || entry.provider !== provider || entry.expires < Date.now()) return null;
    const token = `${provider}_${randomBytes(12).toString('hex')}`;
    tokens.set(token, { provider, userId: entry.userId });
    return token;
  };
  const bearerUser = (provider: Provider, { req }: FakeExchange) => {
    const token = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const entry = tokens.get(token);
    return entry?.provider === provider ? users.get(entry.userId) : undefined;
  };
  const authorize = (provider: Provider) => (x: FakeExchange) => {
    const state = x.query.get('state') ?? '';
    const target = new URL(`${options.consoleUrl ?? ''}/oauth/${provider}`);
    target.searchParams.set('code', issueCode(provider, approving));
    target.searchParams.set('state', state);
    x.res.writeHead(302, { location: target.toString() }).end();
  };

  const http = await startFakeHttp(
    {
      'GET /login/oauth/authorize': authorize('github'),
      'POST /login/oauth/access_token': (x) => {
        const { client_id, client_secret, code } = x.fields;
        if (client_id !== clients.github.id || client_secret !== clients.github.secret) {
          return sendJson(x.res, 200, { error: 'incorrect_client_credentials' });
        }
        const token = redeem('github', code ?? '');
        if (!token) {
          return sendJson(x.res, 200, {
            error: 'bad_verification_code',
            error_description: 'The code passed is incorrect or expired.',
          });
        }
        sendJson(x.res, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' });
      },
      'GET /user': (x) => {
        if (!x.req.headers['user-agent']) return sendJson(x.res, 403, { message: 'UA required' });
        const user = bearerUser('github', x);
        if (!user) return sendJson(x.res, 401, { message: 'Bad credentials' });
        sendJson(x.res, 200, {
          id: user.id,
          login: user.login,
          name: user.name ?? null,
          email: user.email ?? null,
        });
      },
      'GET /user/emails': (x) => {
        const user = bearerUser('github', x);
        if (!user) return sendJson(x.res, 401, { message: 'Bad credentials' });
        sendJson(
          x.res,
          200,
          (user.emails ?? []).map((e) => ({ ...e, visibility: null })),
        );
      },
      'GET /oauth2/authorize': authorize('linuxdo'),
      'POST /oauth2/token': (x) => {
        const basic = /^Basic (.+)$/i.exec(x.req.headers.authorization ?? '')?.[1] ?? '';
        const expected = `${clients.linuxdo.id}:${clients.linuxdo.secret}`;
        if (Buffer.from(basic, 'base64').toString() !== expected) {
          return sendJson(x.res, 401, { error: 'invalid_client' });
        }
        if (x.fields.grant_type !== 'authorization_code') {
          return sendJson(x.res, 400, { error: 'unsupported_grant_type' });
        }
        const token = redeem('linuxdo', x.fields.code ?? '');
        if (!token) return sendJson(x.res, 400, { error: 'invalid_grant' });
        sendJson(x.res, 200, { access_token: token, token_type: 'bearer', expires_in: 3600 });
      },
      'GET /api/user': (x) => {
        const user = bearerUser('linuxdo', x);
        if (!user) return sendJson(x.res, 401, { error: 'invalid_token' });
        sendJson(x.res, 200, {
          id: user.id,
          username: user.login,
          name: user.name ?? '',
          active: true,
          trust_level: user.trustLevel ?? 1,
          silenced: false,
          email: user.email ?? undefined,
          avatar_template: '/user_avatar/{size}.png',
        });
      },
    },
    options.port,
  );
  return {
    ...http,
    addUser: (user) => {
      users.set(user.id, user);
      approving ||= user.id;
    },
    issueCode,
    setApprovingUser: (userId) => {
      approving = userId;
    },
  };
}

import { z } from 'zod';
import type { AppContext } from '../../context.js';
import * as auth from '../../config/settings/groups/auth.js';
import { AppError } from '../../errors.js';
import { fetchProviderJson } from './provider-http.js';
import type { ExternalProfile } from './providers.js';

const timeoutMs = 20_000;
const userAgent = 'ai-gateway-oauth';

const tokenAnswer = z.object({
  access_token: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
const userAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  login: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
});
const emailsAnswer = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

/**
 * Exchanges a GitHub authorization code for a token (JSON body, `Accept: application/json`)
 * and reads the user. When the public e-mail is hidden, the primary verified address from
 * `/user/emails` is used if the token may read it.
 */
export async function fetchGitHubProfile(ctx: AppContext, code: string): Promise<ExternalProfile> {
  const { settings } = ctx;
  const token = await fetchProviderJson(
    `${settings.get(auth.gitHubOAuthBaseUrl)}/login/oauth/access_token`,
    {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: settings.get(auth.gitHubClientId),
        client_secret: settings.get(auth.gitHubClientSecret),
        code,
      }),
      timeoutMs,
    },
    tokenAnswer,
    { id: 'oauth_failed', what: 'GitHub token' },
  );
  if (!token.access_token) {
    const detail = token.error_description ?? token.error ?? 'no access token';
    throw new AppError('oauth_failed', { detail: `GitHub: ${detail}` });
  }
  const api = settings.get(auth.gitHubApiBaseUrl);
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${token.access_token}`,
    'user-agent': userAgent,
  };
  const user = await fetchProviderJson(`${api}/user`, { headers, timeoutMs }, userAnswer, {
    id: 'oauth_failed',
    what: 'GitHub user',
  });
  let email = user.email ?? '';
  if (!email) {
    email = await fetchProviderJson(`${api}/user/emails`, { headers, timeoutMs }, emailsAnswer, {
      id: 'oauth_failed',
      what: 'GitHub e-mails',
    })
      .then((list) => list.find((e) => e.primary && e.verified)?.email ?? '')
      .catch(() => '');
  }
  return {
    id: String(user.id),
    username: user.login,
    displayName: user.name ?? '',
    email,
  };
}

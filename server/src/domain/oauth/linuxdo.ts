import { z } from 'zod';
import type { AppContext } from '../../context.js';
import * as auth from '../../config/settings/groups/auth.js';
import { serverAddress } from '../../config/settings/groups/general.js';
import { AppError } from '../../errors.js';
import { fetchProviderJson } from './provider-http.js';
import type { ExternalProfile } from './providers.js';

const timeoutMs = 10_000;

const tokenAnswer = z.object({
  access_token: z.string().optional(),
  message: z.string().optional(),
  error_description: z.string().optional(),
});
const userAnswer = z.object({
  id: z.union([z.number(), z.string()]),
  username: z.string(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  trust_level: z.number().int().default(0),
});

/**
 * Exchanges a linux.do authorization code (form body, client credentials as HTTP Basic) and
 * reads the user; refuses one below `LinuxDOMinimumTrustLevel`.
 */
export async function fetchLinuxDoProfile(ctx: AppContext, code: string): Promise<ExternalProfile> {
  const { settings } = ctx;
  const basic = Buffer.from(
    `${settings.get(auth.linuxDoClientId)}:${settings.get(auth.linuxDoClientSecret)}`,
  ).toString('base64');
  const form = new URLSearchParams({ grant_type: 'authorization_code', code });
  const base = settings.get(serverAddress).trim().replace(/\/+$/, '');
  if (base) form.set('redirect_uri', `${base}/oauth/linuxdo`);
  const token = await fetchProviderJson(
    settings.get(auth.linuxDoTokenEndpoint),
    {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Basic ${basic}` },
      body: form,
      timeoutMs,
    },
    tokenAnswer,
    { id: 'oauth_failed', what: 'linux.do token' },
  );
  if (!token.access_token) {
    const detail = token.message ?? token.error_description ?? 'no access token';
    throw new AppError('oauth_failed', { detail: `linux.do: ${detail}` });
  }
  const user = await fetchProviderJson(
    settings.get(auth.linuxDoUserEndpoint),
    {
      headers: { accept: 'application/json', authorization: `Bearer ${token.access_token}` },
      timeoutMs,
    },
    userAnswer,
    { id: 'oauth_failed', what: 'linux.do user' },
  );
  const minimum = settings.get(auth.linuxDoMinimumTrustLevel);
  if (user.trust_level < minimum) {
    throw new AppError('linuxdo_trust_level_too_low', { level: user.trust_level, minimum });
  }
  return {
    id: String(user.id),
    username: user.username,
    displayName: user.name ?? '',
    email: user.email ?? '',
  };
}

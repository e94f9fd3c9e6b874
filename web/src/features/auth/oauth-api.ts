import type { OAuthResult } from '@gateway/shared';
import { api } from '../../lib/api';

/** The providers with a code-flow callback page. */
export type OAuthProvider = 'github' | 'linuxdo';

/**
 * `GET /api/oauth/{provider}` with what the provider put on the callback URL: signs in (or
 * up), or binds the provider when signed in.
 */
export const completeOAuth = (provider: OAuthProvider, query: Record<string, string>) =>
  api.get<OAuthResult>(`/api/oauth/${provider}`, { query, silent: true });

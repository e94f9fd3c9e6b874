import type { CachedUser } from './user-cache.js';

/** The signed-in user of a console request. */
export interface AuthUser extends CachedUser {
  /** True when the request used a personal access token rather than the cookie. */
  viaAccessToken: boolean;
  /** The session id when signed in by cookie. */
  sessionId?: string;
}

import { useSyncExternalStore } from 'react';
import type { LoginResult, SelfUser } from '@gateway/shared';
import { readJson, writeJson, writeString } from './storage';

/** What the console keeps of the signed-in user: the login answer, completed by `/api/user/self`. */
export type StoredUser = LoginResult & Partial<SelfUser>;

const key = 'user';
const listeners = new Set<() => void>();
let current: StoredUser | null = readJson<StoredUser>(key);
/** Set while a sign-out is under way: refusals of requests it cuts short are expected. */
let signingOut = false;

function emit() {
  for (const listener of listeners) listener();
}

/** The signed-in user kept in `localStorage.user`, shared by React and the API client. */
export const userStore = {
  get: (): StoredUser | null => current,
  set(user: StoredUser): void {
    current = user;
    writeJson(key, user);
    emit();
  },
  /** A sign-out has begun; `clear` ends it. */
  beginSignOut(): void {
    signingOut = true;
  },
  /**
   * Whether a 401 on a request sent as `sentAs` means the session expired: only when that
   * user is still the one signed in and is not signing out.
   */
  isExpiry(sentAs: number | undefined): boolean {
    return !signingOut && current !== null && current.id === sentAs;
  },
  clear(): void {
    signingOut = false;
    current = null;
    writeString(key, null);
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== key) return;
    current = readJson<StoredUser>(key);
    emit();
  });
}

/** The signed-in user, or null; re-renders on sign-in and sign-out. */
export function useUser(): StoredUser | null {
  return useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
}

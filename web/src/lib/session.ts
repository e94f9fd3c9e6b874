import type { SelfUser } from '@gateway/shared';
import { useSyncExternalStore } from 'react';
import { storage } from './storage';

/** The signed-in user as kept in `localStorage.user`: the login answer or `/api/user/self`. */
export type StoredUser = Pick<SelfUser, 'id' | 'username' | 'role'> & Partial<SelfUser>;

const key = 'user';
const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedUser: StoredUser | null = null;

function read(): StoredUser | null {
  const raw = storage.get(key);
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = storage.getJson<StoredUser>(key);
  }
  return cachedUser;
}

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored user, or null when signed out. */
export function getStoredUser(): StoredUser | null {
  return read();
}

/** Stores (or replaces) the signed-in user. */
export function setStoredUser(user: StoredUser): void {
  storage.setJson(key, user);
  notify();
}

/** Forgets the signed-in user (logout, expired session, closed account). */
export function clearStoredUser(): void {
  storage.remove(key);
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-in user, re-rendering when it changes (also from another tab). */
export function useStoredUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

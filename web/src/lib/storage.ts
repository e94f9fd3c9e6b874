/** Thin, exception-safe access to `localStorage` (private mode and SSR-free tests may lack it). */
export const storage = {
  /** The stored string, or null. */
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  /** Stores `value` as is. */
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      /* storage full or disabled: the console still works without it */
    }
  },
  /** Removes `key`. */
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  /** The stored JSON value, or null when absent or unreadable. */
  getJson<T>(key: string): T | null {
    const raw = storage.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  /** Stores `value` as JSON. */
  setJson(key: string, value: unknown): void {
    storage.set(key, JSON.stringify(value));
  },
};

/** localStorage access that never throws (private mode, quota, tests without a DOM). */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The stored string for `key`, or null. */
export function readString(key: string): string | null {
  return store()?.getItem(key) ?? null;
}

/** Stores `value` under `key`; null or undefined removes it. */
export function writeString(key: string, value: string | null | undefined): void {
  const s = store();
  if (!s) return;
  try {
    if (value === null || value === undefined) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Storage full or blocked: the console still works, only without the cache.
  }
}

/** The parsed JSON stored under `key`, or null when absent or not JSON. */
export function readJson<T>(key: string): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON under `key`. */
export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

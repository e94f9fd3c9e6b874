/** Nesting past which a value is left as it is (settings are far shallower). */
const deepest = 200;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * A copy of a JSON value whose objects have no prototype, so that looking up a key that came
 * from a request (a model named `__proto__`, `constructor` or `toString`) finds only what the
 * JSON holds, never an inherited member of `Object.prototype`.
 */
export function withoutPrototypes<T>(value: T, depth = 0): T {
  if (depth > deepest) return value;
  if (Array.isArray(value)) return value.map((item) => withoutPrototypes(item, depth + 1)) as T;
  if (!isPlainObject(value)) return value;
  const copy = Object.create(null) as Record<string, unknown>;
  for (const [key, item] of Object.entries(value)) copy[key] = withoutPrototypes(item, depth + 1);
  return copy as T;
}

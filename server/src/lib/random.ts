import { randomBytes, randomFillSync, randomInt } from 'node:crypto';

const alphanumeric = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random string of `length` characters from [0-9a-zA-Z], from the crypto RNG. */
export function randomAlphanumeric(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphanumeric[randomInt(alphanumeric.length)];
  return out;
}

/** A random URL-safe id with `bytes` bytes of entropy. */
export function randomId(bytes = 24): string {
  return randomBytes(bytes).toString('base64url');
}

/** Random bytes drawn in bulk from the crypto RNG: one call per 4 KiB instead of per id. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

const base64url = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** `length` random base64url characters (6 bits each) from the pool, without a Buffer per id. */
function pooledChars(length: number): string {
  if (poolAt + length > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  let out = '';
  for (let i = 0; i < length; i++) out += base64url[pool[poolAt++] & 63];
  return out;
}

/** The time part of the ids made in the current millisecond (many requests share one). */
let stampMs = -1;
let stamp = '';

/**
 * A request id that sorts by time: milliseconds since the epoch in base 36, then 48 random
 * bits (17 characters). Time order keeps the `request_id` index of the logs append-only,
 * and ids are drawn from a pooled crypto RNG, so making one per request costs next to nothing.
 */
export function timeOrderedId(): string {
  const now = Date.now();
  if (now !== stampMs) {
    stampMs = now;
    stamp = now.toString(36).padStart(9, '0');
  }
  return stamp + pooledChars(8);
}

import { randomBytes, randomInt } from 'node:crypto';

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

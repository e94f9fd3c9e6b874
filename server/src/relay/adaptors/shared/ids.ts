import { randomBytes } from 'node:crypto';

/** A random id with a format prefix: `chatcmpl-`, `msg_`, `call_`, `toolu_`. */
export function newId(prefix: string): string {
  return prefix + randomBytes(12).toString('base64url');
}

/** The current time in Unix seconds, as chat completions `created`. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

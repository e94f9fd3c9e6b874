import { invalidRequest } from '../errors/adaptor-error.js';

/** A parsed JSON object. */
export type JsonObject = Record<string, unknown>;

/** Whether a value is a plain JSON object. */
export function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Narrows a client body to a wire type after checking the one field every request of that type
 * has (an array); deeper shapes are read defensively by the converters.
 */
export function asWire<T>(body: unknown, arrayField: string, what: string): T {
  if (!isObject(body) || !Array.isArray(body[arrayField])) {
    throw invalidRequest(`${what}: "${arrayField}" must be an array`);
  }
  return body as T;
}

/** Parses tool-call arguments; malformed or non-object JSON becomes `{}`. */
export function parseArguments(text: string | undefined): JsonObject {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return isObject(v) ? v : {};
  } catch {
    return {};
  }
}

/** Sets `to[key]` when `value` is present: explicit 0, false and '' are kept; null/undefined are not. */
export function copyIfSet<T extends object>(to: T, key: keyof T, value: unknown): void {
  if (value !== undefined && value !== null) (to as Record<PropertyKey, unknown>)[key] = value;
}

import { wideString } from './hostile-values.js';

/** A JSON Schema as the OpenAPI document carries it. */
export type JsonSchema = Record<string, unknown>;

/** Where a sample's ids point (an existing row makes an update reach the database). */
export type IdHint = (field: string) => number | undefined;

/** Strings tried against a `pattern` until one matches. */
const patternCandidates = ['fuzz', 'x', '1', 'a-b', 'default', '#1677ff', '127.0.0.1', 'en'];

/** A local address that refuses connections at once: no test reaches anything else. */
export const deadLocalUrl = 'http://127.0.0.1:9/fuzz';

const jsonTypeOf = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number' && Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** The alternatives of a union, nulls left out. */
const alternatives = (s: JsonSchema): JsonSchema[] =>
  ((s.anyOf ?? s.oneOf ?? []) as JsonSchema[]).filter((a) => a.type !== 'null');

/** The JSON type a schema asks for (the first alternative of a union). */
export function schemaType(s: JsonSchema): string | undefined {
  if (typeof s.type === 'string') return s.type;
  if (Array.isArray(s.type)) return (s.type as string[]).find((t) => t !== 'null');
  if ('const' in s) return jsonTypeOf(s.const);
  if (Array.isArray(s.enum)) return jsonTypeOf(s.enum[0]);
  const first = alternatives(s)[0];
  if (first) return schemaType(first);
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

/** The properties of an object schema (of its first object alternative for a union). */
export function propertiesOf(s: JsonSchema | undefined): Record<string, JsonSchema> {
  if (!s) return {};
  if (s.properties) return s.properties as Record<string, JsonSchema>;
  const object = alternatives(s).find((a) => a.properties);
  return (object?.properties as Record<string, JsonSchema> | undefined) ?? {};
}

function sampleString(s: JsonSchema, field: string): string {
  const lower = field.toLowerCase();
  let text = 'fuzz';
  if (s.format === 'email' || lower.includes('email')) text = 'fuzz@example.com';
  else if (s.format === 'uri' || s.format === 'url' || /url|webhook|address|link/.test(lower))
    text = deadLocalUrl;
  else if (lower.includes('password')) text = 'Fuzz-password-1';
  if (typeof s.pattern === 'string') {
    const pattern = new RegExp(s.pattern);
    text = [text, ...patternCandidates].find((c) => pattern.test(c)) ?? text;
  }
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  return text.padEnd(min, 'x').slice(0, max);
}

function sampleNumber(s: JsonSchema, field: string, ids: IdHint): number {
  const id = field === 'id' || field.endsWith('_id') ? ids(field) : undefined;
  const min =
    typeof s.exclusiveMinimum === 'number'
      ? s.exclusiveMinimum + 1
      : typeof s.minimum === 'number'
        ? s.minimum
        : -Infinity;
  const max = typeof s.maximum === 'number' ? s.maximum : Infinity;
  return Math.min(Math.max(id ?? 1, min), max);
}

/**
 * A value the schema accepts, or close to it: the request gets past validation and reaches
 * the handler, where a mutation of one field then probes what the handler does with it.
 */
export function sampleOf(s: JsonSchema, field: string, ids: IdHint, depth = 0): unknown {
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (depth > 6) return null;
  const type = schemaType(s);
  const union = alternatives(s);
  const schema = !s.type && union.length > 0 ? union[0]! : s;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(propertiesOf(schema)).map(([name, p]) => [
          name,
          sampleOf(p, name, ids, depth + 1),
        ]),
      );
    case 'array': {
      const count = Math.max(1, Number(schema.minItems ?? 1));
      const item = (schema.items ?? {}) as JsonSchema;
      return Array.from({ length: count }, () => sampleOf(item, field, ids, depth + 1));
    }
    case 'string':
      return sampleString(schema, field);
    case 'integer':
    case 'number':
      return sampleNumber(schema, field, ids);
    case 'boolean':
      return true;
    default:
      return 'fuzz';
  }
}

/** Values at the very edge of what the schema allows: its bounds, its longest strings. */
export function edgeValues(s: JsonSchema): unknown[] {
  const union = alternatives(s);
  const schema = !s.type && union.length > 0 ? union[0]! : s;
  const type = schemaType(schema);
  if (type === 'integer' || type === 'number') {
    return [schema.maximum, schema.minimum, schema.exclusiveMinimum].filter(
      (v) => typeof v === 'number',
    );
  }
  if (type === 'string' && typeof schema.maxLength === 'number' && schema.maxLength <= 1 << 20) {
    return [wideString(schema.maxLength)];
  }
  if (type === 'array' && typeof schema.maxItems === 'number' && schema.maxItems <= 100_000) {
    const item = sampleOf((schema.items ?? {}) as JsonSchema, 'item', () => undefined);
    return [new Array<unknown>(schema.maxItems).fill(item)];
  }
  return [];
}

/** A schema describing a sample value, for bodies known by example rather than by schema. */
export function schemaOfSample(value: unknown): JsonSchema {
  const type = jsonTypeOf(value);
  if (type === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type,
      properties: Object.fromEntries(entries.map(([k, v]) => [k, schemaOfSample(v)])),
    };
  }
  if (type === 'array') {
    const items = value as unknown[];
    return { type, items: items.length ? schemaOfSample(items[0]) : {} };
  }
  return { type };
}

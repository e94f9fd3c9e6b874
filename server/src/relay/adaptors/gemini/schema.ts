import { isObject, type JsonObject } from '../shared/json.js';

// The subset of OpenAPI schema keys Gemini's `parameters` and `responseSchema` accept.
const ALLOWED = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

/**
 * Reduces a JSON Schema to what Gemini accepts: unknown keys (`additionalProperties`,
 * `$schema`, `$ref`, ...) are removed and `type: ["string","null"]` becomes a nullable string.
 */
export function toGeminiSchema(schema: unknown): JsonObject {
  if (!isObject(schema)) return {};
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!ALLOWED.has(key)) continue;
    if (key === 'type' && Array.isArray(value)) {
      const types = value.filter((t) => t !== 'null');
      out.type = types[0] ?? 'string';
      if (types.length < value.length) out.nullable = true;
    } else if (key === 'properties' && isObject(value)) {
      const props: JsonObject = {};
      for (const [name, prop] of Object.entries(value)) props[name] = toGeminiSchema(prop);
      out.properties = props;
    } else if (key === 'items') out.items = toGeminiSchema(value);
    else if (key === 'enum' && Array.isArray(value)) out.enum = value.filter((v) => v !== null);
    else if (key === 'anyOf' && Array.isArray(value)) out.anyOf = value.map(toGeminiSchema);
    else out[key] = value;
  }
  return out;
}

/** Converts a Gemini schema back to JSON Schema: Gemini's upper-case type names become lower-case. */
export function fromGeminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(fromGeminiSchema);
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'type' && typeof value === 'string') out.type = value.toLowerCase();
    else if (key === 'properties' && isObject(value)) {
      const props: JsonObject = {};
      for (const [name, prop] of Object.entries(value)) props[name] = fromGeminiSchema(prop);
      out.properties = props;
    } else if (key === 'items' || key === 'anyOf') out[key] = fromGeminiSchema(value);
    else out[key] = value;
  }
  return out;
}

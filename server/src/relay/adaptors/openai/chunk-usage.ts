import { isObject, type JsonObject } from '../shared/json.js';

/**
 * The usage object of a parsed OpenAI-style stream event, wherever the upstream put it: at the
 * top (OpenAI), inside `response` (Responses API), or inside the first choice (Moonshot-style).
 */
export function chunkUsage(event: JsonObject): JsonObject | undefined {
  if (isObject(event.usage)) return event.usage;
  if (isObject(event.response) && isObject(event.response.usage)) return event.response.usage;
  const first: unknown = Array.isArray(event.choices) ? event.choices[0] : undefined;
  return isObject(first) && isObject(first.usage) ? first.usage : undefined;
}

/** Why a JSON editor's text is refused, or null when it is empty or a valid object. */
export type JsonProblem = 'syntax' | 'notObject' | 'notStrings' | 'statusCodes';

/** What a JSON field must hold. */
export type JsonKind = 'mapping' | 'statusCodes' | 'object';

const statusCode = /^[1-5]\d\d$/;

/** Checks an editor's text: empty is allowed; otherwise an object of the right values. */
export function checkJsonObject(text: string, kind: JsonKind): JsonProblem | null {
  if (!text.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'syntax';
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'notObject';
  const entries = Object.entries(value);
  if (kind === 'mapping' && entries.some(([, v]) => typeof v !== 'string')) return 'notStrings';
  if (
    kind === 'statusCodes' &&
    entries.some(([k, v]) => !statusCode.test(k) || !statusCode.test(String(v)))
  ) {
    return 'statusCodes';
  }
  return null;
}

/** The text pretty-printed, or unchanged when it does not parse. */
export function formatJson(text: string): string {
  if (!text.trim()) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * Allocation-light readers of JSON text for the stream hot path: they find a key by scanning
 * the text instead of parsing it. A quote inside a JSON string value is always escaped, so a
 * match of `"key"` followed by a colon is a real key (at any depth).
 */

function skipSpaces(text: string, i: number): number {
  let c = text.charCodeAt(i);
  while (c === 32 || c === 10 || c === 13 || c === 9) c = text.charCodeAt(++i);
  return i;
}

/** Index just past `"key":` and following spaces for the occurrence at or after `from`, or -1. */
function findValue(text: string, quotedKey: string, from: number): number {
  let at = text.indexOf(quotedKey, from);
  while (at !== -1) {
    const colon = skipSpaces(text, at + quotedKey.length);
    if (text.charCodeAt(colon) === 58) return skipSpaces(text, colon + 1);
    at = text.indexOf(quotedKey, at + quotedKey.length);
  }
  return -1;
}

/** Index of the quote that closes the string literal opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  let i = text.indexOf('"', open + 1);
  while (i !== -1) {
    let slashes = 0;
    while (text.charCodeAt(i - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return i;
    i = text.indexOf('"', i + 1);
  }
  return -1;
}

/** Calls `fn` with the decoded value of every string-valued `key` in the JSON text. */
export function forEachStringField(text: string, key: string, fn: (value: string) => void): void {
  const quotedKey = `"${key}"`;
  let from = 0;
  for (;;) {
    const v = findValue(text, quotedKey, from);
    if (v === -1) return;
    from = v;
    if (text.charCodeAt(v) !== 34) continue;
    const end = closingQuote(text, v);
    if (end === -1) return;
    const raw = text.slice(v + 1, end);
    fn(raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw);
    from = end + 1;
  }
}

/** The first string value of `key` in the JSON text, decoded, or undefined. */
export function readStringField(text: string, key: string): string | undefined {
  let found: string | undefined;
  forEachStringField(text, key, (value) => {
    found ??= value;
  });
  return found;
}

/** Whether some `key` in the JSON text has an object value (for example a non-null usage). */
export function hasObjectField(text: string, key: string): boolean {
  const quotedKey = `"${key}"`;
  let from = 0;
  for (;;) {
    const v = findValue(text, quotedKey, from);
    if (v === -1) return false;
    if (text.charCodeAt(v) === 123) return true;
    from = v;
  }
}

/** Whether some `key` in the JSON text has an empty array value (`"choices":[]`). */
export function hasEmptyArrayField(text: string, key: string): boolean {
  const v = findValue(text, `"${key}"`, 0);
  return v !== -1 && text.charCodeAt(v) === 91 && text.charCodeAt(skipSpaces(text, v + 1)) === 93;
}

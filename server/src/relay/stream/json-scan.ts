/**
 * Allocation-light readers of JSON text for the relay's hot path (stream events, whole answers
 * passed on, client bodies): they find keys with one pass instead of parsing. A quote inside a
 * JSON string value is always escaped, so a match of `"key":` is a real key (at any depth).
 */

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

function decode(text: string, open: number, close: number): string {
  const raw = text.slice(open + 1, close);
  return raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
}

/**
 * Scans JSON text once: calls `onString(key, value)` for each string value of `stringKeys`
 * (decoded) and returns whether `objectKey` has an object value (e.g. a non-null usage).
 */
export type FieldScanner = (
  text: string,
  onString: (key: string, value: string) => void,
) => boolean;

/** Creates a one-pass scanner for string-valued keys and one object-valued key. */
export function createFieldScanner(stringKeys: readonly string[], objectKey = ''): FieldScanner {
  const objectPart = objectKey ? `|"${objectKey}"\\s*:\\s*\\{` : '';
  const source = `"(${stringKeys.join('|')})"\\s*:\\s*"${objectPart}`;
  const re = new RegExp(source, 'g');
  return (text, onString) => {
    re.lastIndex = 0;
    let found = false;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      const key = m[1];
      if (key === undefined) {
        found = true;
        continue;
      }
      const open = m.index + m[0].length - 1;
      const close = closingQuote(text, open);
      if (close === -1) break;
      onString(key, decode(text, open, close));
      re.lastIndex = close + 1;
    }
    return found;
  };
}

const isJsonSpace = (c: number): boolean => c === 32 || c === 10 || c === 13 || c === 9;

/** Index of the first character at or after `from` that is not JSON whitespace. */
function skipSpaces(text: string, from: number): number {
  let i = from;
  while (isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * A finder of `"key": {` in JSON text, cheaper than a scan: returns where the quoted key of
 * the first such occurrence at or after `from` starts, or -1. It searches for `key"` and looks
 * back for the opening quote: for short keys V8 then searches with `memchr` for the key's
 * first character, where the quoted key (7 characters for `usage`) takes a Boyer-Moore search
 * that cost ~2 instructions per character of a streamed answer. A quote with a backslash
 * before it is inside a string, so in valid JSON a find is the key itself.
 */
export function createObjectKeyFinder(key: string): (text: string, from?: number) => number {
  const tail = `${key}"`;
  return (text, from = 0) => {
    for (let at = text.indexOf(tail, from + 1); at !== -1; at = text.indexOf(tail, at + 1)) {
      if (text.charCodeAt(at - 1) !== 34 /* " */ || text.charCodeAt(at - 2) === 92 /* \\ */) {
        continue;
      }
      const colon = skipSpaces(text, at + tail.length);
      if (text.charCodeAt(colon) !== 58 /* : */) continue;
      if (text.charCodeAt(skipSpaces(text, colon + 1)) === 123 /* { */) return at - 1;
    }
    return -1;
  };
}

/** The one of `keys` that text[start, end) is, if any. */
function keyAt(text: string, start: number, end: number, keys: readonly string[]) {
  for (const key of keys) {
    if (key.length === end - start && text.startsWith(key, start)) return key;
  }
  return undefined;
}

/**
 * Where the values of `keys` start in JSON text that is one object, with nothing but
 * whitespace around it: each of the keys found at its top level, mapped to the index of its
 * value's first character, or to -1 when the key is given more than once (parsers differ on
 * which one counts). Null when the text is not one object whose brackets balance and whose
 * strings close (a cut or garbled answer). Strings are passed over with a search for their
 * closing quote, so the walk reads only the characters outside them, and nothing is decoded
 * or built.
 */
export function topLevelValues(text: string, keys: readonly string[]): Map<string, number> | null {
  let i = skipSpaces(text, 0);
  if (text.charCodeAt(i) !== 123 /* { */) return null;
  const found = new Map<string, number>();
  let depth = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const close = closingQuote(text, i);
      if (close === -1) return null;
      const key = depth === 1 ? keyAt(text, i + 1, close, keys) : undefined;
      if (key !== undefined) {
        const colon = skipSpaces(text, close + 1);
        if (text.charCodeAt(colon) === 58 /* : */) {
          found.set(key, found.has(key) ? -1 : skipSpaces(text, colon + 1));
        }
      }
      i = close;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
    } else if ((c === 125 || c === 93) /* } or ] */ && --depth === 0) {
      break;
    }
  }
  return depth === 0 && skipSpaces(text, i + 1) === text.length ? found : null;
}

/** Characters of event data a `DeferredScan` keeps at most before it scans them. */
const maxDeferredChars = 16 * 1024;

/**
 * Text whose strings are scanned only when their count is needed (one event's data, or a run
 * of whole events with a scanner that reads them event by event): most answers carry
 * the upstream's usage, so their delivered text is never counted. What is kept is bounded: past
 * `maxDeferredChars` it is scanned and let go, so a long answer costs what scanning each event
 * at once would.
 */
export interface DeferredScan {
  /** Keeps text for a later scan. */
  later(data: string): void;
  /** Scans what is kept (call before reading the count). */
  flush(): void;
}

export function createDeferredScan(
  scan: FieldScanner,
  onString: (key: string, value: string) => void,
): DeferredScan {
  let kept: string[] = [];
  let chars = 0;
  const flush = (): void => {
    if (kept.length === 0) return;
    for (const data of kept) scan(data, onString);
    kept = [];
    chars = 0;
  };
  return {
    later(data) {
      if (data === '') return;
      kept.push(data);
      chars += data.length;
      if (chars > maxDeferredChars) flush();
    },
    flush,
  };
}

/**
 * One pattern per key, built once (the relay asks with a few fixed keys), found by the key
 * alone: no pattern text is built per call.
 */
function patternsOf(shape: (key: string) => string): (key: string) => RegExp {
  const patterns = new Map<string, RegExp>();
  return (key) => {
    let re = patterns.get(key);
    if (!re) patterns.set(key, (re = new RegExp(shape(key))));
    return re;
  };
}
const stringField = patternsOf((key) => `"${key}"\\s*:\\s*"`);
const emptyArrayField = patternsOf((key) => `"${key}"\\s*:\\s*\\[\\s*\\]`);

/** The first string value of `key` in the JSON text, decoded, or undefined. */
export function readStringField(text: string, key: string): string | undefined {
  const m = stringField(key).exec(text);
  if (!m) return undefined;
  const open = m.index + m[0].length - 1;
  const close = closingQuote(text, open);
  return close === -1 ? undefined : decode(text, open, close);
}

/** Whether `key` in the JSON text has an empty array value (`"choices":[]`). */
export function hasEmptyArrayField(text: string, key: string): boolean {
  return emptyArrayField(key).test(text);
}

/**
 * Index just past the object or array that opens at `open` (its closing brace or bracket,
 * strings skipped), or -1 when the text ends first.
 */
export function valueEnd(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      i = closingQuote(text, i);
      if (i === -1) return -1;
    } else if (c === 123 /* { */ || c === 91 /* [ */) {
      depth++;
    } else if ((c === 125 || c === 93) /* } or ] */ && --depth === 0) {
      return i + 1;
    }
  }
  return -1;
}

/** The values a hostile client sends, in pools the fuzz test draws from. */

/** SQL metacharacters and payloads. */
export const sqlStrings = [
  `' OR 1=1 --`,
  `"; drop table users; --`,
  '\u0000',
  `x' UNION SELECT password, access_token FROM users --`,
  `1); DELETE FROM logs; --`,
  '%_\\',
] as const;

/** Strings that are not what any field expects. */
export const hostileStrings = [
  ...sqlStrings,
  '__proto__',
  'constructor',
  'prototype',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '../../../../etc/passwd',
  '\ud800 lone surrogate',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'NaN',
  '-1',
  '1e309',
  ' ',
  '',
] as const;

/** Numbers at and past every range a column or a float can hold. */
export const extremeNumbers = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53 + 2),
  2 ** 63,
  2 ** 31,
  -(2 ** 31) - 1,
  0.5,
  -1,
  0,
  5e-324,
] as const;

/** Values put where an id or a name goes in a path (encoded when sent). */
export const hostilePathValues = [
  '0',
  '-1',
  '99999999999999999999',
  '9007199254740993',
  '2147483648',
  '1e309',
  '0x10',
  '1.5',
  'NaN',
  '__proto__',
  'constructor',
  `' OR 1=1 --`,
  `"; drop table users; --`,
  '\u0000',
  '../../etc/passwd',
  'x'.repeat(10_000),
] as const;

/** One megabyte of text. */
export const megabyteString = 'A'.repeat(1 << 20);

/** A string of `length` UTF-16 units, each three bytes in UTF-8 (a byte-limited column overflows). */
export const wideString = (length: number) => '中'.repeat(length);

/** An array of 100,000 elements. */
export const hugeArray = (item: unknown = 1): unknown[] => new Array<unknown>(100_000).fill(item);

/** JSON text of arrays nested `depth` deep (built as text: JSON.stringify would recurse). */
export const deepArrayText = (depth = 10_000) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

/** JSON text of objects nested `depth` deep. */
export const deepObjectText = (depth = 10_000) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Values of another type than `type` (a JSON Schema type name) expects. */
export function wrongTypeValues(type: string | undefined): unknown[] {
  switch (type) {
    case 'string':
      return [12345, true, null, {}, ['x'], { $ne: null }];
    case 'integer':
      return ['12', 1.5, true, null, [], {}, '1e309'];
    case 'number':
      return ['12', true, null, [], {}, 'Infinity'];
    case 'boolean':
      return ['true', 2, null, {}, []];
    case 'array':
      return ['x', 1, {}, [null], [[[]]], [{ constructor: 1 }], null];
    case 'object':
      return ['x', 1, [], null, [{}]];
    default:
      return [null, {}, [], 1, 'x', true];
  }
}

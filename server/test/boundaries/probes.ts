import {
  deepArrayText,
  deepObjectText,
  extremeNumbers,
  hostileStrings,
  hugeArray,
  megabyteString,
  sqlStrings,
  wrongTypeValues,
} from './hostile-values.js';
import { edgeValues, propertiesOf, schemaType, type JsonSchema } from './json-sample.js';
import type { Random } from './seeded-random.js';

/** One hostile request body (or query string), with what it tries. */
export interface Probe {
  label: string;
  payload: string;
  /** `application/json` unless said otherwise. */
  contentType?: string;
}

const probe = (label: string, value: unknown): Probe => ({
  label,
  payload: JSON.stringify(value),
});

/** A JSON object text with `field` set to raw JSON text (too deep for JSON.stringify). */
function withRawField(sample: Record<string, unknown>, field: string, raw: string): string {
  const marker = '"\u0001raw\u0001"';
  return JSON.stringify({ ...sample, [field]: '\u0001raw\u0001' }).replace(marker, raw);
}

/** Bodies that are not an object of the expected shape at all. */
export function shapelessBodies(): Probe[] {
  return [
    { label: 'empty body', payload: '' },
    { label: 'null', payload: 'null' },
    { label: 'array', payload: '[]' },
    { label: 'string', payload: '"text"' },
    { label: 'number', payload: '1e999' },
    { label: 'broken JSON', payload: '{"a":' },
    { label: 'text/plain', payload: `' OR 1=1 --`, contentType: 'text/plain' },
    { label: 'multipart without boundary', payload: 'x', contentType: 'multipart/form-data' },
    { label: 'depth 10,000 arrays', payload: deepArrayText() },
    { label: 'depth 10,000 objects', payload: deepObjectText() },
    { label: 'array of 100k', payload: JSON.stringify(hugeArray({ a: 1 })) },
    { label: '__proto__ key', payload: '{"__proto__":{"polluted":true}}' },
    { label: 'constructor.prototype', payload: '{"constructor":{"prototype":{"polluted":true}}}' },
  ];
}

/** A hostile value of the field's own type: extreme numbers, SQL and prototype strings. */
function hostileOfType(type: string | undefined, random: Random): unknown {
  if (type === 'integer' || type === 'number') return random.pick(extremeNumbers);
  if (type === 'array') return [random.pick(hostileStrings), random.pick(extremeNumbers)];
  if (type === 'object') return { __proto__: null, [random.pick(hostileStrings)]: 1 };
  return random.pick(hostileStrings);
}

/**
 * Mutations of a valid-looking object `sample`, one field at a time (a wrong type, a value at
 * the schema's edge, a hostile value of the right type) for up to `fields` fields, then the
 * whole-body attacks: every string SQL, every number extreme, a megabyte string, 100k items,
 * depth 10,000 and prototype keys beside valid fields.
 */
export function fieldProbes(
  sample: Record<string, unknown>,
  schema: JsonSchema,
  random: Random,
  fields: number,
): Probe[] {
  const properties = propertiesOf(schema);
  const names = [...new Set([...Object.keys(properties), ...Object.keys(sample)])];
  const out: Probe[] = [probe('valid-looking', sample)];
  for (const name of random.sample(names, fields)) {
    const type = schemaType(properties[name] ?? {});
    const wrong = random.pick(wrongTypeValues(type));
    out.push(probe(`${name}: wrong type ${JSON.stringify(wrong)}`, { ...sample, [name]: wrong }));
    for (const edge of edgeValues(properties[name] ?? {})) {
      out.push(probe(`${name}: edge ${String(edge).slice(0, 20)}`, { ...sample, [name]: edge }));
    }
    const hostile = hostileOfType(type, random);
    out.push(probe(`${name}: ${JSON.stringify(hostile)}`, { ...sample, [name]: hostile }));
  }
  const typed = (want: string[]) =>
    names.filter((n) => want.includes(schemaType(properties[n] ?? {}) ?? ''));
  const strings = typed(['string']);
  const numbers = typed(['integer', 'number']);
  const arrays = typed(['array']);
  const everyString = Object.fromEntries(strings.map((n, i) => [n, sqlStrings[i % 6]]));
  out.push(probe('every string SQL', { ...sample, ...everyString }));
  const everyNumber = Object.fromEntries(numbers.map((n) => [n, random.pick(extremeNumbers)]));
  out.push(probe('every number extreme', { ...sample, ...everyNumber }));
  const text = strings.length ? random.pick(strings) : 'fuzz';
  out.push(probe(`${text}: 1 MB`, { ...sample, [text]: megabyteString }));
  const list = arrays.length ? random.pick(arrays) : 'fuzz';
  out.push(probe(`${list}: 100k items`, { ...sample, [list]: hugeArray(sample[list] ?? 1) }));
  const deep = names.length ? random.pick(names) : 'fuzz';
  out.push({
    label: `${deep}: depth 10,000`,
    payload: withRawField(sample, deep, deepArrayText()),
  });
  const rest = JSON.stringify(sample).slice(1);
  const tail = rest === '}' ? '}' : `,${rest}`;
  out.push({
    label: '__proto__ beside valid fields',
    payload: `{"__proto__":{"polluted":true}${tail}`,
  });
  out.push({
    label: 'constructor.prototype beside valid fields',
    payload: `{"constructor":{"prototype":{"polluted":true}}${tail}`,
  });
  out.push(probe('prototype key', { ...sample, prototype: { polluted: true } }));
  return out;
}

/** One query parameter of an operation. */
export interface QueryParameter {
  name: string;
  schema: JsonSchema;
}

/** Percent-encodes text; a lone surrogate becomes the invalid UTF-8 it would be (`%ED%A0%80`). */
export function percentEncode(text: string): string {
  return text
    .split(/([\ud800-\udfff])/)
    .map((part) => (/^[\ud800-\udfff]$/.test(part) ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

const encode = (entries: Array<[string, unknown]>) =>
  entries.map(([k, v]) => `${percentEncode(k)}=${percentEncode(String(v))}`).join('&');

/**
 * Query strings: each parameter of the wrong type, at its edge, and hostile (the others
 * valid-looking); every parameter SQL; a megabyte value; prototype keys and arrays.
 */
export function queryProbes(
  parameters: QueryParameter[],
  sample: Record<string, unknown>,
  random: Random,
): string[] {
  const base = Object.entries(sample);
  const out: string[] = [];
  const names = parameters.length ? parameters.map((p) => p.name) : ['p', 'keyword', 'id'];
  for (const p of parameters) {
    const others = base.filter(([k]) => k !== p.name);
    out.push(encode([...others, [p.name, random.pick(['x', '[]', 'true', '1e309', '-1'])]]));
    for (const edge of edgeValues(p.schema)) out.push(encode([...others, [p.name, edge]]));
    out.push(encode([...others, [p.name, random.pick(hostileStrings)]]));
  }
  out.push(encode(names.map((n, i) => [n, sqlStrings[i % 6]])));
  out.push(encode([[random.pick(names), megabyteString]]));
  out.push(
    `__proto__[polluted]=1&constructor[prototype][polluted]=1&prototype=1&${encode(base)}` +
      `&${names[0]}=1&${names[0]}=2`,
  );
  out.push(`${names[0]}=%E0%A4%A&${names[0]}%ZZ=%&=&&`);
  return out;
}

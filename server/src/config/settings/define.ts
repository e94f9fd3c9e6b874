import { z } from 'zod';

/** One admin-editable setting: its stored key, how to read the stored string, its default. */
export interface SettingDef<T> {
  key: string;
  /** Turns the stored string into a typed value; throws (ZodError) on a bad value. */
  parse: (raw: string) => T;
  /** How the value is stored. */
  // A method (not a property) so that SettingDef<string> fits SettingDef<unknown>.
  serialize(value: T): string;
  defaultValue: T;
  /** Never returned by `GET /api/option/` (by default keys ending in Secret, Token, Key). */
  secret: boolean;
}

/** Per-setting overrides of what the key name implies. */
export interface SettingOptions {
  /** Overrides the name rule, e.g. `false` for a public `TurnstileSiteKey`. */
  secret?: boolean;
}

/** Whether a key names a secret that the option list never returns. */
export const isSecretKey = (key: string) => /(Secret|Token|Key|secret|api_key)$/.test(key);

function define<T>(
  key: string,
  parse: (raw: string) => T,
  defaultValue: T,
  serialize: (value: T) => string = String,
  options: SettingOptions = {},
): SettingDef<T> {
  return { key, parse, serialize, defaultValue, secret: options.secret ?? isSecretKey(key) };
}

/** A free text setting, optionally constrained. */
export const text = (
  key: string,
  defaultValue = '',
  schema: z.ZodType<string> = z.string(),
  options: SettingOptions = {},
) => define(key, (raw) => schema.parse(raw), defaultValue, String, options);

/** A true/false setting stored as "true"/"false". */
export const flag = (key: string, defaultValue = false) =>
  define(
    key,
    (raw) => z.enum(['true', 'false', '1', '0']).parse(raw) === 'true' || raw === '1',
    defaultValue,
  );

/** A numeric setting with bounds. */
export const number = (
  key: string,
  defaultValue: number,
  { min = -Infinity, max = Infinity, int = true } = {},
) => {
  let schema = z.coerce.number().min(min).max(max);
  if (int) schema = schema.int();
  return define(key, (raw) => schema.parse(raw.trim()), defaultValue);
};

/** A JSON setting validated by a schema. */
export const json = <T>(key: string, schema: z.ZodType<T>, defaultValue: T) =>
  define(
    key,
    (raw) => schema.parse(JSON.parse(raw)),
    defaultValue,
    (v) => JSON.stringify(v),
  );

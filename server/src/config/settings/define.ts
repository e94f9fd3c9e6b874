import {
  settingBounds,
  settingCatalogue,
  type SettingKey,
  type SettingKind,
  type SettingSpec,
} from '@gateway/shared';
import { z } from 'zod';
import { withoutPrototypes } from '../../lib/null-prototype.js';

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

/** Whether a stored key no version defines names a secret (by its name), so it is never listed. */
export const isSecretKey = (key: string) => /(Secret|Token|Key|secret|api_key)$/.test(key);

/** The catalogue entry of `key`, which must be of `kind` (a mismatch fails at boot). */
function specOf(key: SettingKey, kind: SettingKind): SettingSpec {
  const spec: SettingSpec = settingCatalogue[key];
  if (spec.kind !== kind) {
    throw new Error(`Setting ${key} is a ${spec.kind} in the catalogue, defined here as ${kind}`);
  }
  return spec;
}

function define<T>(
  key: SettingKey,
  spec: SettingSpec,
  parse: (raw: string) => T,
  defaultValue: T,
  serialize: (value: T) => string = String,
): SettingDef<T> {
  return { key, parse, serialize, defaultValue, secret: spec.secret ?? false };
}

/** A free text setting, optionally constrained (a choice when the catalogue lists options). */
export const text = (
  key: SettingKey,
  defaultValue = '',
  schema: z.ZodType<string> = z.string(),
) => {
  const spec = specOf(key, 'text');
  const rule = spec.options ? z.enum(spec.options as [string, ...string[]]) : schema;
  return define(key, spec, (raw) => rule.parse(raw), defaultValue);
};

/** A true/false setting stored as "true"/"false". */
export const flag = (key: SettingKey, defaultValue = false) =>
  define(
    key,
    specOf(key, 'flag'),
    (raw) => z.enum(['true', 'false', '1', '0']).parse(raw) === 'true' || raw === '1',
    defaultValue,
  );

/** A numeric setting within the catalogue's bounds (never past the safe-integer range). */
export const number = (key: SettingKey, defaultValue: number) => {
  const spec = specOf(key, 'number');
  const { min, max, int } = settingBounds(spec);
  let schema = z.coerce.number().min(min).max(max);
  if (int) schema = schema.int();
  return define(key, spec, (raw) => schema.parse(raw.trim()), defaultValue);
};

/**
 * A JSON setting validated by a schema. Its objects have no prototype: settings are maps
 * looked up by names from requests (models, groups), and `ModelRatio['constructor']` must be
 * absent rather than `Object`.
 */
export const json = <T>(key: SettingKey, schema: z.ZodType<T>, defaultValue: T) =>
  define(
    key,
    specOf(key, 'json'),
    (raw) => withoutPrototypes(schema.parse(JSON.parse(raw))),
    withoutPrototypes(defaultValue),
    (v) => JSON.stringify(v),
  );

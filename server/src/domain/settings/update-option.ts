import type { MessageId } from '@gateway/shared';
import { ZodError } from 'zod';
import type { SettingDef } from '../../config/settings/define.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { checkOptionRules, type OptionWarning } from './validate-option.js';

/** Largest stored value in bytes (a MySQL TEXT column). */
const maxValueBytes = 65_535;

/** JSON settings whose parse failures have a message of their own (others: `invalid_json`). */
const jsonMessages: Record<string, MessageId> = {
  ModelRatio: 'model_ratio_invalid',
  GroupRatio: 'group_ratio_invalid',
};

/**
 * Validates and stores one setting for every instance. Throws `option_unknown`,
 * `option_invalid`, `invalid_json` (or the ratio ids) and `option_requires_config`;
 * returns a warning id when the change is risky but allowed.
 */
export async function updateOption(
  ctx: AppContext,
  key: string,
  value: string,
): Promise<OptionWarning | undefined> {
  const def = ctx.settings.defs.get(key);
  if (!def) throw new AppError('option_unknown', { key });
  if (Buffer.byteLength(value) > maxValueBytes) {
    throw new AppError('option_invalid', { key, detail: `longer than ${maxValueBytes} bytes` });
  }
  const parsed = parseOption(def, value);
  const warning = checkOptionRules(ctx.settings, key, parsed);
  // Flags and numbers are stored in one spelling ("true", "5"); text and JSON as written.
  const stored = typeof parsed === 'boolean' || typeof parsed === 'number' ? String(parsed) : value;
  await ctx.settings.set(key, stored);
  ctx.status.invalidate();
  return warning;
}

/** Parses a proposed value by its definition, turning failures into envelope errors. */
function parseOption(def: SettingDef<unknown>, value: string): unknown {
  try {
    return def.parse(value);
  } catch (error) {
    if (error instanceof SyntaxError) {
      throw new AppError(jsonMessages[def.key] ?? 'invalid_json', { field: def.key });
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      throw new AppError('option_invalid', { key: def.key, detail: where + issue.message });
    }
    throw error;
  }
}

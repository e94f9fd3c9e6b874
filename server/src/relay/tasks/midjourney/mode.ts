import {
  mjFastRateLimits,
  mjRelaxRateLimits,
  mjTurboRateLimits,
} from '../../../config/settings/groups/general.js';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../errors.js';
import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import type { KeyCaller } from '../../steps/authenticate-caller.js';
import { promptMode, type MjRequest } from './actions.js';

const rateLimits = { fast: mjFastRateLimits, relax: mjRelaxRateLimits, turbo: mjTurboRateLimits };
/** A Midjourney speed mode. */
export type MjMode = keyof typeof rateLimits;
const isMode = (v: string): v is MjMode => v === 'fast' || v === 'relax' || v === 'turbo';
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The speed mode: the key's `mj_setting.mode`, then the path prefix, then
 * `accountFilter.modes[0]`, then `--fast` / `--relax` / `--turbo` in the prompt; '' = none.
 */
export function modeOf(who: KeyCaller, pathMode: string, body: JsonObject, m: MjRequest): string {
  const filter = isObject(body.accountFilter) ? body.accountFilter : {};
  const modes = Array.isArray(filter.modes) ? (filter.modes as unknown[]) : [];
  const candidates = [
    who.caller.token?.mj.mode ?? '',
    pathMode,
    str(modes[0]).toLowerCase(),
    promptMode(m.prompt || str(body.prompt)),
  ];
  return candidates.find(isMode) ?? '';
}

/**
 * Each user's drawings per minute in a mode (`Mj{Fast,Relax,Turbo}RateLimits`, 0 =
 * unlimited), counted on every instance; a drawing without a mode counts as fast, the
 * upstream's default.
 */
export async function checkModeLimit(ctx: AppContext, userId: number, mode: string): Promise<void> {
  const counted: MjMode = isMode(mode) ? mode : 'fast';
  const limit = ctx.settings.get(rateLimits[counted]);
  if (limit <= 0) return;
  const hits = await ctx.shared.hit(`mj-mode:${counted}:${userId}`, 60);
  if (hits > limit) throw new AppError('task_mode_rate_limited', { mode: counted }, 429);
}

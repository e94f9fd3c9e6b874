import {
  defaultLevelName,
  reservedLevelName,
  type LevelItem,
  type LevelEdit,
} from '@gateway/shared';
import type { AppContext } from '../../context.js';
import {
  countUsersByLevel,
  deleteLevel,
  findLevel,
  insertLevel,
  moveUsersToLevel,
  updateLevel,
} from '../../db/queries/levels.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import type { Level } from './level-cache.js';

function toItem(level: Level, users: number): LevelItem {
  return {
    id: level.id,
    name: level.name,
    description: level.description,
    priority: level.priority,
    group_discount: level.groupDiscount,
    extra_discount: level.extraDiscount,
    final_discount: level.finalDiscount,
    groups: level.groups,
    model_request_limits: level.modelRequestLimits,
    model_concurrency_limits: level.modelConcurrencyLimits,
    rate_limit: level.rateLimit,
    model_prices: level.modelPrices,
    benefits: level.benefits,
    auto_upgrade: level.autoUpgrade,
    required_days: level.requiredDays,
    required_amount: level.requiredAmount,
    required_topup_quota: level.requiredTopupQuota,
    required_used_quota: level.requiredUsedQuota,
    users,
    created_at: level.createdAt,
  };
}

/** Every level with its user count, lowest priority first. */
export async function listLevelItems(ctx: AppContext): Promise<LevelItem[]> {
  const counts = await countUsersByLevel(ctx.db);
  return ctx.levels.all().map((level) => toItem(level, counts.get(level.name) ?? 0));
}

type Fields = Omit<LevelEdit, 'id'>;

function columns(fields: Fields) {
  return {
    name: fields.name,
    description: fields.description,
    priority: fields.priority,
    group_discount: fields.group_discount,
    extra_discount: fields.extra_discount,
    groups: JSON.stringify(fields.groups),
    model_request_limits: JSON.stringify(fields.model_request_limits),
    model_concurrency_limits: JSON.stringify(fields.model_concurrency_limits),
    rate_limit: fields.rate_limit,
    model_prices: JSON.stringify(fields.model_prices),
    benefits: fields.benefits,
    auto_upgrade: fields.auto_upgrade ? 1 : 0,
    required_days: fields.required_days,
    required_amount: fields.required_amount,
    required_topup_quota: fields.required_topup_quota,
    required_used_quota: fields.required_used_quota,
  };
}

/**
 * Adds or edits a level. `default` cannot be added or renamed, `Tier 1` cannot be added,
 * names are unique; a renamed level takes its users along. Every instance reloads levels.
 */
export async function saveLevel(ctx: AppContext, request: LevelEdit) {
  const { id, ...fields } = request;
  const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  try {
    if (id === undefined) {
      if (sameName(fields.name, defaultLevelName)) throw new AppError('level_default_protected');
      if (sameName(fields.name, reservedLevelName)) throw new AppError('level_name_reserved');
      await insertLevel(ctx.db, { ...columns(fields), created_at: nowSeconds() });
    } else {
      const current = await findLevel(ctx.db, id);
      if (!current) throw new AppError('level_not_found');
      const renamed = current.name !== fields.name;
      if (renamed && current.name === defaultLevelName) {
        throw new AppError('level_default_protected');
      }
      if (renamed && sameName(fields.name, reservedLevelName)) {
        throw new AppError('level_name_reserved');
      }
      await ctx.db.transaction().execute(async (trx) => {
        await updateLevel(trx, id, columns(fields));
        if (renamed) await moveUsersToLevel(trx, current.name, fields.name);
      });
    }
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('level_name_taken');
    throw error;
  }
  await levelsChanged(ctx);
}

/** Deletes a level (never `default`); its users fall back to `default`. */
export async function removeLevel(ctx: AppContext, id: number): Promise<void> {
  const current = await findLevel(ctx.db, id);
  if (!current) throw new AppError('level_not_found');
  if (current.name === defaultLevelName) throw new AppError('level_default_protected');
  await ctx.db.transaction().execute(async (trx) => {
    await moveUsersToLevel(trx, current.name, defaultLevelName);
    await deleteLevel(trx, id);
  });
  await levelsChanged(ctx);
}

/** Reloads the levels everywhere and forgets cached users, whose level may have moved. */
async function levelsChanged(ctx: AppContext): Promise<void> {
  await ctx.levels.changed();
  await ctx.users.invalidateAll();
}

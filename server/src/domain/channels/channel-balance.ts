import type { AppContext } from '../../context.js';
import { findChannel, listEnabledChannels, updateChannels } from '../../db/queries/channels.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { toCachedChannel } from './channel-index.js';

/** CNY per USD when the `USDExchangeRate` option is not set. */
const defaultExchangeRate = 7.3;

function exchangeRate(ctx: AppContext): number {
  const rate = Number(ctx.settings.rawValue('USDExchangeRate'));
  return Number.isFinite(rate) && rate > 0 ? rate : defaultExchangeRate;
}

/**
 * Asks the upstream of a channel for its account balance, stores it in USD with the time,
 * and returns it. `channel_balance_unsupported` for types without a balance query.
 */
export async function updateChannelBalance(ctx: AppContext, id: number): Promise<number> {
  const row = await findChannel(ctx.db, id);
  if (!row) throw new AppError('channel_not_found');
  const balance = await ctx.upstream.readBalance(toCachedChannel(row));
  const usd = balance.currency === 'CNY' ? balance.amount / exchangeRate(ctx) : balance.amount;
  const rounded = Math.round(usd * 1e6) / 1e6;
  await updateChannels(ctx.db, [id], { balance: rounded, balance_updated_time: nowSeconds() });
  return rounded;
}

/**
 * Updates the balance of every enabled channel whose type has a balance query; failures are
 * logged and skipped. Returns how many were updated.
 */
export async function updateAllChannelBalances(ctx: AppContext): Promise<number> {
  const rows = await listEnabledChannels(ctx.db);
  let updated = 0;
  for (const row of rows) {
    if (!ctx.upstream.hasBalance(row.type)) continue;
    try {
      await updateChannelBalance(ctx, row.id);
      updated++;
    } catch (err) {
      ctx.log.warn({ err, channelId: row.id }, 'channel balance update failed');
    }
  }
  return updated;
}

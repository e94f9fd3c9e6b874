import { findRoot } from '../../db/queries/users.js';
import { insertLog } from '../../db/queries/logs.js';
import type { Usage } from '../../billing/usage.js';
import { logConsumeEnabled } from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import { nowSeconds } from '../../lib/time.js';
import { randomId } from '../../lib/random.js';

/** The consume type of the logs table. */
const consumeLogType = 2;

/** The token name of channel-test log rows (new-api's "模型测试"). */
export const channelTestTokenName = 'model test';

/** Who a test's log row belongs to. */
export interface LogOwner {
  id: number;
  username: string;
}

/** One passed channel test, as its log row records it. */
export interface ChannelTestRecord {
  channelId: number;
  model: string;
  milliseconds: number;
  /** Usage the upstream reported, if any. */
  usage: Usage | null;
  /** The admin who ran the test; a background run is logged under root. */
  by?: LogOwner;
}

/** All input tokens: uncached, cache reads and cache writes. */
const promptTokens = (usage: Usage | null) =>
  usage ? usage.promptTokens + usage.cachedTokens + usage.cacheWriteTokens : 0;

function rootUser(ctx: AppContext): Promise<LogOwner | undefined> {
  return findRoot(ctx.db);
}

/**
 * Writes the consume log row of a passed channel test (token name "model test", quota 0:
 * a test is never charged to anyone), unless `LogConsumeEnabled` is off. Never throws: a
 * failed log must not fail the test.
 */
export async function recordChannelTestLog(
  ctx: AppContext,
  test: ChannelTestRecord,
): Promise<void> {
  if (!ctx.settings.get(logConsumeEnabled)) return;
  try {
    const owner = test.by ?? (await rootUser(ctx));
    if (!owner) return;
    await insertLog(ctx.db, {
      user_id: owner.id,
      username: owner.username,
      created_at: nowSeconds(),
      type: consumeLogType,
      content: `Channel test of #${test.channelId}`,
      token_name: channelTestTokenName,
      model_name: test.model,
      quota: 0,
      prompt_tokens: promptTokens(test.usage),
      completion_tokens: test.usage?.completionTokens ?? 0,
      use_time: Math.round(test.milliseconds),
      channel_id: test.channelId,
      request_id: randomId(12),
      other: JSON.stringify({ channel_test: true }),
    });
  } catch (err) {
    ctx.log.error({ err, channelId: test.channelId }, 'channel test log failed');
  }
}

import { dataExportEnabled } from '../../config/settings/groups/general.js';
import type { AppContext } from '../../context.js';
import { addToQuotaData, type QuotaDataIncrement } from '../../db/queries/quota-data.js';

/** One settled request, as the billing code reports it. */
export interface UsageRecord {
  userId: number;
  username: string;
  modelName: string;
  /** When the request was made, Unix seconds; rounded down to its hour. */
  createdAt: number;
  /** Prompt + completion tokens. */
  tokens: number;
  /** Charged quota. */
  quota: number;
}

interface Rollup {
  /** Buckets not yet written, by user, model and hour. */
  buckets: Map<string, QuotaDataIncrement>;
  /** The last flush, so that flushes run one after another. */
  tail: Promise<unknown>;
}

const rollups = new WeakMap<AppContext, Rollup>();
/** Rows per upsert statement. */
const rowsPerStatement = 500;

const bucketKey = (b: QuotaDataIncrement) => `${b.user_id}\n${b.model_name}\n${b.created_at}`;

function rollupOf(ctx: AppContext): Rollup {
  let rollup = rollups.get(ctx);
  if (!rollup) {
    rollup = { buckets: new Map(), tail: Promise.resolve() };
    rollups.set(ctx, rollup);
    ctx.onClose(async () => {
      await flushUsage(ctx);
    });
  }
  return rollup;
}

function addBucket(buckets: Map<string, QuotaDataIncrement>, add: QuotaDataIncrement): void {
  const key = bucketKey(add);
  const bucket = buckets.get(key);
  if (!bucket) {
    buckets.set(key, { ...add });
    return;
  }
  bucket.username = add.username;
  bucket.token_used += add.token_used;
  bucket.count += add.count;
  bucket.quota += add.quota;
}

/**
 * Adds one settled request to its (user, model, hour) bucket in memory; nothing touches the
 * database until the next flush. Does nothing while `DataExportEnabled` is off.
 */
export function recordUsage(ctx: AppContext, record: UsageRecord): void {
  if (!ctx.settings.get(dataExportEnabled)) return;
  const createdAt = Math.floor(record.createdAt);
  addBucket(rollupOf(ctx).buckets, {
    user_id: record.userId,
    username: record.username.slice(0, 64),
    model_name: record.modelName.slice(0, 128),
    created_at: createdAt - (createdAt % 3600),
    token_used: Math.round(record.tokens),
    count: 1,
    quota: Math.round(record.quota),
  });
}

/** Requests recorded and not yet flushed (for metrics and tests). */
export function pendingUsageBuckets(ctx: AppContext): number {
  return rollups.get(ctx)?.buckets.size ?? 0;
}

/**
 * Writes the buffered buckets to `quota_data`, adding to stored totals, and returns how many
 * buckets were written. Flushes never overlap; on a database error the unwritten buckets go
 * back into the buffer for the next flush and the error is thrown.
 */
export function flushUsage(ctx: AppContext): Promise<number> {
  const rollup = rollups.get(ctx);
  if (!rollup) return Promise.resolve(0);
  const run = rollup.tail.then(() => writeBuckets(ctx, rollup));
  rollup.tail = run.catch(() => undefined);
  return run;
}

async function writeBuckets(ctx: AppContext, rollup: Rollup): Promise<number> {
  if (rollup.buckets.size === 0) return 0;
  const pending = [...rollup.buckets.values()];
  rollup.buckets = new Map();
  let written = 0;
  try {
    for (; written < pending.length; written += rowsPerStatement) {
      await addToQuotaData(ctx.db, pending.slice(written, written + rowsPerStatement));
    }
  } catch (error) {
    for (const bucket of pending.slice(written)) addBucket(rollup.buckets, bucket);
    throw error;
  }
  return pending.length;
}

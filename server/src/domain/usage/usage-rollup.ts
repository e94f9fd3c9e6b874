import type { BaseContext } from '../../base-context.js';
import { dataExportEnabled } from '../../config/settings/groups/general.js';
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

/** Rows per upsert statement. */
const rowsPerStatement = 500;

const bucketKey = (b: QuotaDataIncrement) => `${b.user_id}\n${b.model_name}\n${b.created_at}`;

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
 * The hourly usage roll-up (`quota_data`): settled requests are added to (user, model, hour)
 * buckets in memory and written in one upsert per flush (by the usage-flush job and at
 * shutdown), so the relay never waits on it.
 */
export class UsageRollup {
  /** Buckets not yet written, by user, model and hour. */
  private buckets = new Map<string, QuotaDataIncrement>();
  /** The last flush, so that flushes run one after another. */
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly base: Pick<BaseContext, 'db' | 'settings' | 'onClose'>) {
    base.onClose(async () => {
      await this.flush();
    });
  }

  /**
   * Adds one settled request to its (user, model, hour) bucket in memory; nothing touches the
   * database until the next flush. Does nothing while `DataExportEnabled` is off.
   */
  record(record: UsageRecord): void {
    if (!this.base.settings.get(dataExportEnabled)) return;
    const createdAt = Math.floor(record.createdAt);
    addBucket(this.buckets, {
      user_id: record.userId,
      username: record.username.slice(0, 64),
      model_name: record.modelName.slice(0, 128),
      created_at: createdAt - (createdAt % 3600),
      token_used: Math.round(record.tokens),
      count: 1,
      quota: Math.round(record.quota),
    });
  }

  /** Buckets recorded and not yet flushed (for metrics and tests). */
  get pending(): number {
    return this.buckets.size;
  }

  /**
   * Writes the buffered buckets to `quota_data`, adding to stored totals, and returns how many
   * buckets were written. Flushes never overlap; on a database error the unwritten buckets go
   * back into the buffer for the next flush and the error is thrown.
   */
  flush(): Promise<number> {
    const run = this.tail.then(() => this.write());
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async write(): Promise<number> {
    if (this.buckets.size === 0) return 0;
    const pending = [...this.buckets.values()];
    this.buckets = new Map();
    let written = 0;
    try {
      for (; written < pending.length; written += rowsPerStatement) {
        await addToQuotaData(this.base.db, pending.slice(written, written + rowsPerStatement));
      }
    } catch (error) {
      for (const bucket of pending.slice(written)) addBucket(this.buckets, bucket);
      throw error;
    }
    return pending.length;
  }
}

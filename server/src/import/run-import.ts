import { LogType } from '@gateway/shared';
import { post, type LedgerAccount } from '../billing/ledger/index.js';
import type { Settings } from '../config/settings/store.js';
import type { Db } from '../db/client.js';
import {
  importedIds,
  logCursor,
  moveLogCursor,
  rememberImport,
  type ImportKind,
} from '../db/queries/import-map.js';
import { insertChannel } from '../db/queries/channels.js';
import { insertLogRows } from '../db/queries/logs.js';
import { findOrder, insertOrder } from '../db/queries/payments.js';
import { addToQuotaData, type QuotaDataIncrement } from '../db/queries/quota-data.js';
import { findRedemptionByKey, insertRedemptions } from '../db/queries/redemptions.js';
import { insertTokens, isKeyTaken } from '../db/queries/tokens.js';
import {
  addTopUpTotal,
  findInviterId,
  findUserIdByAccessToken,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUserColumns,
} from '../db/queries/users.js';
import { isSetupDone } from '../domain/users/setup-state.js';
import { nowSeconds } from '../lib/time.js';
import { detectFlavor, type Flavor } from './flavors.js';
import {
  channelValues,
  int,
  isDeleted,
  logValues,
  orderValues,
  redemptionValues,
  text,
  tokenValues,
  userValues,
} from './records.js';
import { emptyKind, type ImportReport, type KindReport } from './report.js';
import type { Source, SourceRow } from './source.js';

/** What an import needs besides the two databases. */
export interface ImportOptions {
  /** Report what would happen without writing anything. */
  dryRun: boolean;
  /** Overrides the detected flavor of the source. */
  flavor?: Flavor;
  /** Channel types the relay serves; other channels are imported disabled. */
  servedTypes: ReadonlySet<number>;
  /** The settings store: options are validated by it and reach every instance through it. */
  settings: Settings;
}

/** Rows read from the source at a time. */
const batchSize = 1000;
/** Log rows written per statement (18 columns each: well under every engine's limits). */
const logChunk = 500;

/** A planned id in a dry run, where nothing is inserted. */
const planned = -1;

/**
 * Brings users, keys, channels, options, redemption codes, top-ups and logs of a one-api or
 * new-api database into this one. Each record is written in its own transaction with its
 * import-map row, and balances arrive as ledger rows (reason `import`), so an interrupted run
 * can simply be run again; a second run skips everything the first imported.
 */
export async function runImport(
  db: Db,
  source: Source,
  options: ImportOptions,
): Promise<ImportReport> {
  const run = new ImportRun(db, source, options);
  return run.all();
}

class ImportRun {
  private readonly flavor: Flavor;
  private readonly report: ImportReport;
  private readonly now = nowSeconds();
  private users = new Map<string, number>();
  private tokens = new Map<string, number>();
  private channels = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly source: Source,
    private readonly options: ImportOptions,
  ) {
    this.flavor = options.flavor ?? detectFlavor(source);
    this.report = {
      source: source.name,
      flavor: this.flavor,
      dryRun: options.dryRun,
      users: emptyKind(),
      tokens: emptyKind(),
      channels: emptyKind(),
      redemptions: emptyKind(),
      topUps: emptyKind(),
      options: emptyKind(),
      logs: emptyKind(),
      credited: { user: 0, aff: 0, token: 0 },
    };
  }

  async all(): Promise<ImportReport> {
    // Options first: QuotaPerUnit and the rest are in place before anything is priced.
    await this.importOptions();
    await this.importUsers();
    await this.importTokens();
    await this.importChannels();
    if (this.source.has('redemptions')) await this.importRedemptions();
    if (this.source.has('top_ups')) await this.importTopUps();
    if (this.source.has('logs')) await this.importLogs();
    return this.report;
  }

  /** Every row of a table with an id, a batch at a time. */
  private async *rows(table: string): AsyncGenerator<SourceRow> {
    let last = 0;
    for (;;) {
      const batch = await this.source.after(table, last, batchSize);
      for (const row of batch) yield row;
      if (batch.length < batchSize) return;
      last = int(batch[batch.length - 1]?.id);
    }
  }

  /** Records an imported row in the map (in `trx`), unless this is a dry run. */
  private remember(trx: Db, kind: ImportKind, sourceId: string, targetId: number) {
    return rememberImport(trx, {
      source: this.source.name,
      kind,
      sourceId,
      targetId,
      now: this.now,
    });
  }

  /** Credits an imported balance through the ledger, counted in the report. */
  private async credit(
    trx: Db,
    account: LedgerAccount,
    accountId: number,
    amount: number,
    ref: string,
  ) {
    if (amount > 0) {
      await post(trx, { account, accountId, delta: amount, reason: 'import', ref });
    }
    this.report.credited[account] += amount;
  }

  private async importOptions(): Promise<void> {
    const kind = this.report.options;
    if (!this.source.has('options')) return;
    const done = await importedIds(this.db, this.source.name, 'option');
    const { settings } = this.options;
    for (const row of await this.source.all('options')) {
      const key = text(row.key);
      const value = text(row.value);
      kind.found++;
      if (done.has(key)) {
        kind.already++;
        continue;
      }
      const def = settings.defs.get(key);
      if (!def) {
        kind.skipped.push(`${key}: not a setting of this gateway`);
        continue;
      }
      try {
        def.parse(value);
      } catch {
        kind.skipped.push(`${key}: its value is not valid here`);
        continue;
      }
      kind.imported++;
      if (this.options.dryRun) continue;
      await settings.set(key, value);
      await this.remember(this.db, 'option', key, 0);
    }
  }

  private async importUsers(): Promise<void> {
    const kind = this.report.users;
    this.users = await importedIds(this.db, this.source.name, 'user');
    let rootTaken = await isSetupDone(this.db);
    const inviters: Array<[targetId: number, sourceInviter: string]> = [];
    for await (const row of this.rows('users')) {
      const sourceId = text(row.id);
      kind.found++;
      if (this.users.has(sourceId)) {
        kind.already++;
        continue;
      }
      const values = userValues(row, this.now);
      const who = `#${sourceId} ${values.username}`;
      if (isDeleted(row)) {
        kind.skipped.push(`${who}: deleted in the source`);
        continue;
      }
      if (!values.username || values.username.length > 64) {
        kind.skipped.push(`${who}: no usable username`);
        continue;
      }
      if (await isUsernameTaken(this.db, values.username)) {
        kind.skipped.push(`${who}: the username is taken here (keys and logs stay out too)`);
        continue;
      }
      if (values.role === 100) {
        if (rootTaken) {
          values.role = 10;
          kind.notes.push(`${who}: a second root, imported as an administrator`);
        }
        rootTaken = true;
      }
      await this.freeUniqueColumns(values, who, kind);
      const quota = int(row.quota);
      const aff = Math.max(0, int(row.aff_quota));
      if (quota < 0) kind.notes.push(`${who}: balance ${quota} below zero, imported as 0`);
      if (!Number.isSafeInteger(quota) || !Number.isSafeInteger(aff)) {
        kind.skipped.push(`${who}: balance past the exact range`);
        continue;
      }
      kind.imported++;
      if (this.options.dryRun) {
        this.users.set(sourceId, planned);
        this.report.credited.user += Math.max(0, quota);
        this.report.credited.aff += aff;
        continue;
      }
      const ref = `import:user:${sourceId}`;
      const targetId = await this.db.transaction().execute(async (trx) => {
        const id = await insertUser(trx, values);
        await this.credit(trx, 'user', id, Math.max(0, quota), ref);
        await this.credit(trx, 'aff', id, aff, ref);
        await this.remember(trx, 'user', sourceId, id);
        return id;
      });
      this.users.set(sourceId, targetId);
      if (int(row.inviter_id) > 0) inviters.push([targetId, text(row.inviter_id)]);
    }
    // Inviters may come after their invitees; link them once every user is in.
    for (const [targetId, sourceInviter] of inviters) {
      const inviterId = this.users.get(sourceInviter);
      if (inviterId && inviterId > 0) {
        await updateUserColumns(this.db, targetId, { inviter_id: inviterId });
      }
    }
  }

  /** Clears unique sign-in columns that a user here already holds. */
  private async freeUniqueColumns(
    values: ReturnType<typeof userValues>,
    who: string,
    kind: KindReport,
  ): Promise<void> {
    if (values.email && (await isEmailTaken(this.db, values.email))) {
      kind.notes.push(`${who}: e-mail ${values.email} belongs to a user here, left empty`);
      values.email = null;
    }
    if (values.access_token && (await findUserIdByAccessToken(this.db, values.access_token))) {
      values.access_token = null;
    }
    if (values.aff_code && (await findInviterId(this.db, values.aff_code)) !== undefined) {
      kind.notes.push(`${who}: invitation code ${values.aff_code} is taken here, left empty`);
      values.aff_code = null;
    }
  }

  private async importTokens(): Promise<void> {
    const kind = this.report.tokens;
    this.tokens = await importedIds(this.db, this.source.name, 'token');
    for await (const row of this.rows('tokens')) {
      const sourceId = text(row.id);
      kind.found++;
      if (this.tokens.has(sourceId)) {
        kind.already++;
        continue;
      }
      const ownerId = this.users.get(text(row.user_id));
      const values = tokenValues(row, ownerId ?? 0);
      const who = `#${sourceId} ${values.name}`;
      if (isDeleted(row)) {
        kind.skipped.push(`${who}: deleted in the source`);
        continue;
      }
      if (ownerId === undefined) {
        kind.skipped.push(`${who}: its owner (user #${text(row.user_id)}) is not imported`);
        continue;
      }
      if (!/^[0-9A-Za-z]{16,64}$/.test(values.key)) {
        kind.skipped.push(`${who}: the key is not a key this gateway takes`);
        continue;
      }
      if (await isKeyTaken(this.db, values.key)) {
        kind.skipped.push(`${who}: the same key exists here`);
        continue;
      }
      const quota = Math.max(0, int(row.remain_quota));
      kind.imported++;
      if (this.options.dryRun) {
        this.tokens.set(sourceId, planned);
        this.report.credited.token += quota;
        continue;
      }
      const targetId = await this.db.transaction().execute(async (trx) => {
        const [id = 0] = await insertTokens(trx, [values]);
        await this.credit(trx, 'token', id, quota, `import:token:${sourceId}`);
        await this.remember(trx, 'token', sourceId, id);
        return id;
      });
      this.tokens.set(sourceId, targetId);
    }
  }

  private async importChannels(): Promise<void> {
    const kind = this.report.channels;
    if (!this.source.has('channels')) return;
    this.channels = await importedIds(this.db, this.source.name, 'channel');
    for await (const row of this.rows('channels')) {
      const sourceId = text(row.id);
      kind.found++;
      if (this.channels.has(sourceId)) {
        kind.already++;
        continue;
      }
      const { values, note } = channelValues(row, this.flavor, this.options.servedTypes);
      if (note) kind.notes.push(`#${sourceId} ${values.name}: ${note}`);
      kind.imported++;
      if (this.options.dryRun) continue;
      const targetId = await this.db.transaction().execute(async (trx) => {
        const id = await insertChannel(trx, values);
        await this.remember(trx, 'channel', sourceId, id);
        return id;
      });
      this.channels.set(sourceId, targetId);
    }
  }

  private async importRedemptions(): Promise<void> {
    const kind = this.report.redemptions;
    const done = await importedIds(this.db, this.source.name, 'redemption');
    for await (const row of this.rows('redemptions')) {
      const sourceId = text(row.id);
      kind.found++;
      if (done.has(sourceId)) {
        kind.already++;
        continue;
      }
      const creator = Math.max(0, this.users.get(text(row.user_id)) ?? 0);
      const usedBy = Math.max(0, this.users.get(text(row.used_user_id)) ?? 0);
      const values = redemptionValues(row, creator, usedBy);
      const who = `#${sourceId} ${text(row.name)}`;
      if (isDeleted(row)) {
        kind.skipped.push(`${who}: deleted in the source`);
        continue;
      }
      if (!values) {
        kind.skipped.push(`${who}: the code is not 32 hexadecimal characters`);
        continue;
      }
      if (await findRedemptionByKey(this.db, values.key)) {
        kind.skipped.push(`${who}: the same code exists here`);
        continue;
      }
      kind.imported++;
      if (this.options.dryRun) continue;
      await this.db.transaction().execute(async (trx) => {
        await insertRedemptions(trx, [values]);
        const stored = await findRedemptionByKey(trx, values.key);
        await this.remember(trx, 'redemption', sourceId, stored?.id ?? 0);
      });
    }
  }

  private async importTopUps(): Promise<void> {
    const kind = this.report.topUps;
    const done = await importedIds(this.db, this.source.name, 'top_up');
    const quotaPerUnit = Number(this.options.settings.rawValue('QuotaPerUnit') ?? 500000) || 500000;
    for await (const row of this.rows('top_ups')) {
      const sourceId = text(row.id);
      kind.found++;
      if (done.has(sourceId)) {
        kind.already++;
        continue;
      }
      const userId = this.users.get(text(row.user_id));
      const values = orderValues(row, userId ?? 0, quotaPerUnit);
      const who = `#${sourceId} ${values.trade_no}`;
      if (userId === undefined) {
        kind.skipped.push(`${who}: its buyer (user #${text(row.user_id)}) is not imported`);
        continue;
      }
      if (!values.trade_no || (await findOrder(this.db, values.trade_no))) {
        kind.skipped.push(`${who}: an order with this number exists here`);
        continue;
      }
      kind.imported++;
      if (this.options.dryRun) continue;
      // The balance already holds what the top-up bought: the order is history, and its
      // quota counts towards the buyer's accumulated recharge (levels use it).
      await this.db.transaction().execute(async (trx) => {
        await insertOrder(trx, values);
        if (values.status === 'paid') await addTopUpTotal(trx, userId, values.quota);
        await this.remember(trx, 'top_up', sourceId, 0);
      });
    }
  }

  private async importLogs(): Promise<void> {
    const kind = this.report.logs;
    let cursor = await logCursor(this.db, this.source.name);
    kind.already = cursor > 0 ? await this.countUpTo(cursor) : 0;
    const remaining = await this.source.countAfter('logs', cursor);
    kind.found = kind.already + remaining;
    if (this.options.dryRun) {
      kind.imported = remaining;
      return;
    }
    for (;;) {
      const batch = await this.source.after('logs', cursor, batchSize);
      if (batch.length === 0) return;
      const rows = batch.map((row) =>
        logValues(row, {
          userId: Math.max(0, this.users.get(text(row.user_id)) ?? 0),
          tokenId: Math.max(0, this.tokens.get(text(row.token_id)) ?? 0),
          channelId: Math.max(0, this.channels.get(text(row.channel_id ?? row.channel)) ?? 0),
        }),
      );
      cursor = int(batch[batch.length - 1]?.id);
      await this.db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += logChunk) {
          await insertLogRows(trx, rows.slice(i, i + logChunk));
        }
        await addToQuotaData(trx, rollUp(rows));
        await moveLogCursor(trx, this.source.name, cursor, this.now);
      });
      kind.imported += rows.length;
    }
  }

  /** Source logs at or below the cursor: imported by earlier runs. */
  private async countUpTo(cursor: number): Promise<number> {
    const all = await this.source.countAfter('logs', 0);
    return all - (await this.source.countAfter('logs', cursor));
  }
}

/** The dashboard's hourly roll-ups of a batch of consume logs, one row per bucket. */
function rollUp(rows: ReturnType<typeof logValues>[]): QuotaDataIncrement[] {
  const buckets = new Map<string, QuotaDataIncrement>();
  for (const row of rows) {
    if (row.type !== LogType.consume || !row.user_id) continue;
    const hour = row.created_at - (row.created_at % 3600);
    const key = `${row.user_id}\u0000${row.model_name ?? ''}\u0000${hour}`;
    const bucket = buckets.get(key) ?? {
      user_id: row.user_id,
      username: row.username ?? '',
      model_name: row.model_name ?? '',
      created_at: hour,
      token_used: 0,
      count: 0,
      quota: 0,
    };
    bucket.token_used += (row.prompt_tokens ?? 0) + (row.completion_tokens ?? 0);
    bucket.count += 1;
    bucket.quota += row.quota ?? 0;
    buckets.set(key, bucket);
  }
  return [...buckets.values()];
}

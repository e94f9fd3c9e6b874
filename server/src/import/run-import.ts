import { post, type LedgerAccount } from '../billing/ledger/index.js';
import type { Settings } from '../config/settings/store.js';
import type { Db } from '../db/client.js';
import { importedIds, rememberImport, type ImportKind } from '../db/queries/import-map.js';
import { insertChannel } from '../db/queries/channels.js';
import { findOrder, insertOrder } from '../db/queries/payments.js';
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
import { importLogs } from './import-logs.js';
import {
  channelValues,
  int,
  isDeleted,
  orderValues,
  redemptionValues,
  text,
  tokenValues,
  userValues,
} from './records.js';
import { emptyKind, seenBefore, type ImportReport, type KindReport } from './report.js';
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
    if (this.source.has('logs')) {
      await importLogs(this.db, this.source, this.report.logs, {
        dryRun: this.options.dryRun,
        ids: { users: this.users, tokens: this.tokens, channels: this.channels },
        now: this.now,
      });
    }
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

  /** Records an imported row in the map, in `trx` (dry runs never get here). */
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
      if (seenBefore(kind, done, key)) continue;
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
      if (seenBefore(kind, this.users, sourceId)) continue;
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
      if (seenBefore(kind, this.tokens, sourceId)) continue;
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
      if (seenBefore(kind, this.channels, sourceId)) continue;
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
      if (seenBefore(kind, done, sourceId)) continue;
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
      if (seenBefore(kind, done, sourceId)) continue;
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
}

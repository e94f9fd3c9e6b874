import {
  sql,
  type ColumnDataType,
  type CreateTableBuilder,
  type Kysely,
  type RawBuilder,
} from 'kysely';
import { dialectOf } from '../../src/db/dialect.js';

/**
 * The tables of one-api and new-api as their GORM models create them (`model/*.go`: users,
 * tokens, channels, options, redemptions, logs; new-api adds top_ups, quota_data, setups and
 * soft deletes), on whichever engine `db` is. Only the columns the importer reads, and a few it
 * must ignore, are declared; types follow GORM's choices per engine.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a schema of another program
type AnyDb = Kysely<any>;
type Column = [name: string, type: ColumnDataType | RawBuilder<unknown>];
type Table = CreateTableBuilder<string, never>;

/** GORM's `DeletedAt`: datetime(3) on MySQL, timestamptz on PostgreSQL, datetime on SQLite. */
function deletedAt(db: AnyDb): RawBuilder<unknown> {
  const dialect = dialectOf(db);
  return sql.raw(
    dialect === 'mysql' ? 'datetime(3)' : dialect === 'postgres' ? 'timestamptz' : 'datetime',
  );
}

/** GORM's `bool`: boolean on PostgreSQL, tinyint(1) on MySQL, numeric on SQLite. */
const bool = (db: AnyDb): ColumnDataType => (dialectOf(db) === 'sqlite' ? 'integer' : 'boolean');

async function table(db: AnyDb, name: string, columns: Column[], withId = true): Promise<void> {
  let builder = db.schema.createTable(name) as Table;
  if (withId) {
    builder =
      dialectOf(db) === 'postgres'
        ? builder.addColumn('id', 'bigserial', (c) => c.primaryKey())
        : dialectOf(db) === 'mysql'
          ? builder.addColumn('id', 'bigint', (c) => c.primaryKey().autoIncrement())
          : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  }
  for (const [column, type] of columns) builder = builder.addColumn(column, type);
  await builder.execute();
}

/** one-api (songquanpeng/one-api v0.6): no soft deletes, milliseconds in `elapsed_time`. */
export async function createOneApiSchema(db: AnyDb): Promise<void> {
  await table(db, 'users', [
    ['username', 'varchar(12)'],
    ['password', 'text'],
    ['display_name', 'varchar(20)'],
    ['role', 'integer'],
    ['status', 'integer'],
    ['email', 'varchar(50)'],
    ['github_id', 'varchar(191)'],
    ['wechat_id', 'varchar(191)'],
    ['lark_id', 'varchar(191)'],
    ['access_token', 'char(32)'],
    ['quota', 'bigint'],
    ['used_quota', 'bigint'],
    ['request_count', 'integer'],
    ['group', 'varchar(32)'],
    ['aff_code', 'varchar(32)'],
    ['inviter_id', 'integer'],
  ]);
  await table(db, 'tokens', [
    ['user_id', 'integer'],
    ['key', 'char(48)'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['created_time', 'bigint'],
    ['accessed_time', 'bigint'],
    ['expired_time', 'bigint'],
    ['remain_quota', 'bigint'],
    ['unlimited_quota', bool(db)],
    ['used_quota', 'bigint'],
    ['models', 'text'],
    ['subnet', 'text'],
  ]);
  await table(db, 'channels', [
    ['type', 'integer'],
    ['key', 'text'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['weight', 'integer'],
    ['created_time', 'bigint'],
    ['test_time', 'bigint'],
    ['response_time', 'integer'],
    ['base_url', 'text'],
    ['other', 'text'],
    ['balance', 'double precision'],
    ['balance_updated_time', 'bigint'],
    ['models', 'text'],
    ['group', 'varchar(32)'],
    ['used_quota', 'bigint'],
    ['model_mapping', 'varchar(1024)'],
    ['priority', 'bigint'],
    ['config', 'text'],
    ['system_prompt', 'text'],
  ]);
  await table(
    db,
    'options',
    [
      ['key', 'varchar(191)'],
      ['value', 'text'],
    ],
    false,
  );
  await table(db, 'redemptions', [
    ['user_id', 'integer'],
    ['key', 'char(32)'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['quota', 'bigint'],
    ['created_time', 'bigint'],
    ['redeemed_time', 'bigint'],
  ]);
  await table(db, 'logs', [
    ['user_id', 'integer'],
    ['created_at', 'bigint'],
    ['type', 'integer'],
    ['content', 'text'],
    ['username', 'varchar(191)'],
    ['token_name', 'varchar(191)'],
    ['model_name', 'varchar(191)'],
    ['quota', 'integer'],
    ['prompt_tokens', 'integer'],
    ['completion_tokens', 'integer'],
    ['channel_id', 'integer'],
    ['request_id', 'varchar(191)'],
    ['elapsed_time', 'bigint'],
    ['is_stream', bool(db)],
    ['system_prompt_reset', bool(db)],
  ]);
  await table(
    db,
    'abilities',
    [
      ['group', 'varchar(32)'],
      ['model', 'varchar(191)'],
    ],
    false,
  );
}

/** new-api (QuantumNous/new-api): soft deletes, seconds in `use_time`, top-ups and more. */
export async function createNewApiSchema(db: AnyDb): Promise<void> {
  await table(db, 'users', [
    ['username', 'varchar(20)'],
    ['password', 'text'],
    ['display_name', 'varchar(20)'],
    ['role', 'integer'],
    ['status', 'integer'],
    ['email', 'varchar(50)'],
    ['github_id', 'varchar(191)'],
    ['discord_id', 'varchar(191)'],
    ['oidc_id', 'varchar(191)'],
    ['wechat_id', 'varchar(191)'],
    ['telegram_id', 'varchar(191)'],
    ['linux_do_id', 'varchar(191)'],
    ['access_token', 'char(32)'],
    ['quota', 'bigint'],
    ['used_quota', 'bigint'],
    ['request_count', 'integer'],
    ['group', 'varchar(64)'],
    ['aff_code', 'varchar(32)'],
    ['aff_count', 'integer'],
    ['aff_quota', 'bigint'],
    ['aff_history', 'bigint'],
    ['inviter_id', 'integer'],
    ['deleted_at', deletedAt(db)],
    ['setting', 'text'],
    ['remark', 'varchar(255)'],
    ['stripe_customer', 'varchar(64)'],
  ]);
  await table(db, 'tokens', [
    ['user_id', 'integer'],
    ['key', 'varchar(128)'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['created_time', 'bigint'],
    ['accessed_time', 'bigint'],
    ['expired_time', 'bigint'],
    ['remain_quota', 'bigint'],
    ['unlimited_quota', bool(db)],
    ['model_limits_enabled', bool(db)],
    ['model_limits', 'text'],
    ['allow_ips', 'text'],
    ['used_quota', 'bigint'],
    ['group', 'varchar(191)'],
    ['cross_group_retry', bool(db)],
    ['deleted_at', deletedAt(db)],
  ]);
  await table(db, 'channels', [
    ['type', 'integer'],
    ['key', 'text'],
    ['openai_organization', 'text'],
    ['test_model', 'text'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['weight', 'integer'],
    ['created_time', 'bigint'],
    ['test_time', 'bigint'],
    ['response_time', 'integer'],
    ['base_url', 'text'],
    ['other', 'text'],
    ['balance', 'double precision'],
    ['balance_updated_time', 'bigint'],
    ['models', 'text'],
    ['group', 'varchar(64)'],
    ['used_quota', 'bigint'],
    ['model_mapping', 'text'],
    ['status_code_mapping', 'varchar(1024)'],
    ['priority', 'bigint'],
    ['auto_ban', 'integer'],
    ['other_info', 'text'],
    ['tag', 'varchar(191)'],
    ['setting', 'text'],
    ['param_override', 'text'],
    ['header_override', 'text'],
    ['remark', 'varchar(255)'],
    ['channel_info', 'text'],
    ['settings', 'text'],
  ]);
  await table(
    db,
    'options',
    [
      ['key', 'varchar(191)'],
      ['value', 'text'],
    ],
    false,
  );
  await table(db, 'redemptions', [
    ['user_id', 'integer'],
    ['key', 'char(32)'],
    ['status', 'integer'],
    ['name', 'varchar(191)'],
    ['quota', 'bigint'],
    ['created_time', 'bigint'],
    ['redeemed_time', 'bigint'],
    ['used_user_id', 'integer'],
    ['deleted_at', deletedAt(db)],
    ['expired_time', 'bigint'],
  ]);
  await table(db, 'top_ups', [
    ['user_id', 'integer'],
    ['amount', 'bigint'],
    ['money', 'double precision'],
    ['trade_no', 'varchar(255)'],
    ['payment_method', 'varchar(50)'],
    ['create_time', 'bigint'],
    ['complete_time', 'bigint'],
    ['status', 'varchar(191)'],
  ]);
  await table(db, 'logs', [
    ['user_id', 'integer'],
    ['created_at', 'bigint'],
    ['type', 'integer'],
    ['content', 'text'],
    ['username', 'varchar(191)'],
    ['token_name', 'varchar(191)'],
    ['model_name', 'varchar(191)'],
    ['quota', 'integer'],
    ['prompt_tokens', 'integer'],
    ['completion_tokens', 'integer'],
    ['use_time', 'integer'],
    ['is_stream', bool(db)],
    ['channel_id', 'integer'],
    ['token_id', 'integer'],
    ['group', 'varchar(191)'],
    ['ip', 'varchar(191)'],
    ['request_id', 'varchar(64)'],
    ['other', 'text'],
  ]);
  await table(db, 'quota_data', [
    ['user_id', 'integer'],
    ['username', 'varchar(64)'],
    ['model_name', 'varchar(64)'],
    ['created_at', 'bigint'],
    ['token_used', 'integer'],
    ['count', 'integer'],
    ['quota', 'integer'],
  ]);
  await table(db, 'setups', [
    ['version', 'varchar(50)'],
    ['initialized_at', 'bigint'],
  ]);
}

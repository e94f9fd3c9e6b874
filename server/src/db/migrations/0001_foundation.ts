import type { Kysely } from 'kysely';
import { createTable, createTableWithId } from './helpers.js';

/** Accounts, sessions, options, keys, channels, reservations, logs and hourly usage. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'users')
    .addColumn('username', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('display_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('role', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('email', 'varchar(255)')
    .addColumn('github_id', 'varchar(64)')
    .addColumn('linuxdo_id', 'varchar(64)')
    .addColumn('wechat_id', 'varchar(64)')
    .addColumn('wxpusher_uid', 'varchar(64)')
    .addColumn('access_token', 'varchar(64)', (c) => c.unique())
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('request_count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo('default'))
    .addColumn('aff_code', 'varchar(32)', (c) => c.unique())
    .addColumn('inviter_code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('inviter_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('aff_history_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('setting', 'varchar(4096)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
  await db.schema.createIndex('users_github_id').on('users').column('github_id').execute();

  await createTable(db, 'sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await createTable(db, 'options')
    .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('accessed_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('expired_time', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('remain_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('unlimited_quota', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_limits', 'text', (c) => c.notNull())
    .addColumn('allow_ips', 'text', (c) => c.notNull())
    .addColumn('deny_ips', 'text', (c) => c.notNull())
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('rate_limit_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rate_limit_window_seconds', 'integer', (c) => c.notNull().defaultTo(60))
    .addColumn('rate_limit_message', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('mj_setting', 'varchar(1024)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('deleted_at', 'bigint')
    .execute();
  await db.schema.createIndex('tokens_user_id').on('tokens').column('user_id').execute();

  await createTableWithId(db, 'channels')
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('priority', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('test_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('response_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('base_url', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('balance', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('balance_updated_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('models', 'text', (c) => c.notNull())
    .addColumn('group', 'varchar(255)', (c) => c.notNull().defaultTo('default'))
    .addColumn('used_quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('model_mapping', 'text', (c) => c.notNull())
    .addColumn('status_code_mapping', 'varchar(1024)', (c) => c.notNull().defaultTo(''))
    .addColumn('auto_ban', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('other_info', 'varchar(1024)', (c) => c.notNull().defaultTo('{}'))
    .addColumn('tag', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('setting', 'text', (c) => c.notNull())
    .addColumn('test_model', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('remark', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('channels_tag').on('channels').column('tag').execute();

  await createTable(db, 'reservations')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('token_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await createTableWithId(db, 'logs', 'bigint')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('use_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_stream', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('other', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('logs_created_at').on('logs').columns(['created_at', 'id']).execute();
  await db.schema
    .createIndex('logs_user_created')
    .on('logs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('logs_type_created')
    .on('logs')
    .columns(['type', 'created_at'])
    .execute();
  await db.schema.createIndex('logs_request_id').on('logs').column('request_id').execute();

  await createTableWithId(db, 'quota_data')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('model_name', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('token_used', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('quota_data_bucket')
    .on('quota_data')
    .columns(['user_id', 'model_name', 'created_at'])
    .unique()
    .execute();
  await db.schema
    .createIndex('quota_data_created_at')
    .on('quota_data')
    .column('created_at')
    .execute();
}

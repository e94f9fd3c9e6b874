import type { Kysely } from 'kysely';
import { createTableWithId } from './helpers.js';

/**
 * Asynchronous generation: Midjourney drawings and music / video tasks. Each row carries what
 * it was charged and whether that was given back, so a failure is refunded exactly once (a
 * compare-and-set on `refunded`), and `next_poll_at` / `poll_errors` pace the poller.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'midjourneys')
    .addColumn('mj_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('upstream_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('mode', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('prompt_en', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'varchar(10)', (c) => c.notNull().defaultTo('0%'))
    .addColumn('image_url', 'text', (c) => c.notNull())
    .addColumn('video_url', 'text', (c) => c.notNull())
    .addColumn('video_urls', 'text', (c) => c.notNull())
    .addColumn('fail_reason', 'text', (c) => c.notNull())
    .addColumn('buttons', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('image_token', 'varchar(32)', (c) => c.notNull())
    .addColumn('submit_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_poll_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('poll_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('midjourneys_mj_id')
    .on('midjourneys')
    .column('mj_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('midjourneys_user')
    .on('midjourneys')
    .columns(['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('midjourneys_open')
    .on('midjourneys')
    .columns(['finish_time', 'next_poll_at'])
    .execute();

  await createTableWithId(db, 'tasks')
    .addColumn('task_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('upstream_id', 'varchar(128)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_limited', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('channel_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('model_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo(''))
    .addColumn('progress', 'varchar(10)', (c) => c.notNull().defaultTo('0%'))
    .addColumn('fail_reason', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('result_url', 'text', (c) => c.notNull())
    .addColumn('submit_time', 'bigint', (c) => c.notNull())
    .addColumn('start_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('finish_time', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('quota', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('request_id', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('next_poll_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('poll_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tasks_task_id').on('tasks').column('task_id').unique().execute();
  await db.schema.createIndex('tasks_user').on('tasks').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('tasks_open')
    .on('tasks')
    .columns(['finish_time', 'next_poll_at'])
    .execute();
}

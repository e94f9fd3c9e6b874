import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Starts a table with an auto-increment `id` primary key, in each engine's own spelling,
 * and utf8mb4 on MySQL.
 */
export function createTableWithId(
  db: Kysely<unknown>,
  name: string,
  idType: 'integer' | 'bigint' = 'integer',
): CreateTableBuilder<string, 'id'> {
  const dialect = dialectOf(db);
  let builder = db.schema.createTable(name) as CreateTableBuilder<string, never>;
  if (dialect === 'postgres') {
    builder = builder.addColumn('id', idType === 'bigint' ? 'bigserial' : 'serial', (c) =>
      c.primaryKey(),
    );
  } else if (dialect === 'mysql') {
    builder = builder.addColumn('id', idType, (c) => c.primaryKey().autoIncrement());
  } else {
    builder = builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  }
  return withCharset(db, builder) as CreateTableBuilder<string, 'id'>;
}

/** A table without an auto-increment key, utf8mb4 on MySQL. */
export function createTable(db: Kysely<unknown>, name: string): CreateTableBuilder<string, never> {
  return withCharset(db, db.schema.createTable(name) as CreateTableBuilder<string, never>);
}

function withCharset<T extends string, C extends string>(
  db: Kysely<unknown>,
  builder: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C> {
  return dialectOf(db) === 'mysql'
    ? builder.modifyEnd(sql`default charset=utf8mb4 collate=utf8mb4_bin`)
    : builder;
}

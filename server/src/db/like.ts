import { sql, type RawBuilder } from 'kysely';

/**
 * `lower(column) like %text%`, with LIKE wildcards in `text` escaped by `!`, which works the
 * same way on all three engines (a backslash does not).
 */
export function lowerContains(column: string, text: string): RawBuilder<boolean> {
  const pattern = `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '!'`;
}

/** `column like text%`: a prefix match, LIKE wildcards in `text` taken literally. */
export function startsWith(column: string, text: string): RawBuilder<boolean> {
  const pattern = `${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
  // `escape '!'` is spelled out because SQLite has no default LIKE escape character.
  return sql<boolean>`${sql.ref(column)} like ${pattern} escape '!'`;
}

/** Whether a comma-separated list column holds `item` exactly (no string concatenation). */
export function commaListHas(column: string, item: string): RawBuilder<boolean> {
  const escaped = item.replace(/[!%_]/g, (c) => `!${c}`);
  const ref = sql.ref(column);
  return sql<boolean>`(${ref} = ${item} or ${ref} like ${`${escaped},%`} escape '!' or ${ref} like ${`%,${escaped}`} escape '!' or ${ref} like ${`%,${escaped},%`} escape '!')`;
}

import type { OptionsTable, SessionsTable, SetupsTable, UsersTable } from './accounts.js';
import type { ChannelsTable, ReservationsTable, TokensTable } from './gateway.js';
import type { LogsTable, QuotaDataTable } from './logs.js';

export type * from './accounts.js';
export type * from './gateway.js';
export type * from './logs.js';

/** Every table, for Kysely. Later features add theirs here. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  options: OptionsTable;
  setups: SetupsTable;
  tokens: TokensTable;
  channels: ChannelsTable;
  reservations: ReservationsTable;
  logs: LogsTable;
  quota_data: QuotaDataTable;
}

import type { OptionsTable, SessionsTable, SetupsTable, UsersTable } from './accounts.js';
import type { ChannelsTable, ReservationsTable, TokensTable } from './gateway.js';
import type {
  AgentDividendsTable,
  AgentsTable,
  CheckinsTable,
  LevelsTable,
  NotificationPrefsTable,
  NotificationsTable,
  WithdrawalsTable,
} from './growth.js';
import type { ImportMapTable } from './imports.js';
import type { LedgerEntriesTable } from './ledger.js';
import type { MidjourneysTable, TasksTable } from './tasks.js';
import type { LogsTable, QuotaDataTable } from './logs.js';
import type {
  InvoiceFilesTable,
  InvoicesTable,
  OrderEventsTable,
  OrdersTable,
  PaymentGatewaysTable,
  RedemptionsTable,
} from './money-in.js';

export type * from './accounts.js';
export type * from './gateway.js';
export type * from './growth.js';
export type * from './imports.js';
export type * from './ledger.js';
export type * from './logs.js';
export type * from './money-in.js';
export type * from './tasks.js';

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
  ledger_entries: LedgerEntriesTable;
  redemptions: RedemptionsTable;
  payment_gateways: PaymentGatewaysTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  invoices: InvoicesTable;
  invoice_files: InvoiceFilesTable;
  checkins: CheckinsTable;
  levels: LevelsTable;
  notification_prefs: NotificationPrefsTable;
  notifications: NotificationsTable;
  agents: AgentsTable;
  agent_dividends: AgentDividendsTable;
  withdrawals: WithdrawalsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  import_map: ImportMapTable;
}

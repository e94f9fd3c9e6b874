import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_accounts.js';
import * as m0005 from './0005_relay.js';
import * as m0006 from './0006_logs.js';
import * as m0007 from './0007_signin.js';
import * as m0008 from './0008_ledger.js';
import * as m0009 from './0009_redemptions.js';
import * as m0010 from './0010_payments.js';
import * as m0011 from './0011_topup_total.js';
import * as m0012 from './0012_invoices.js';
import * as m0013 from './0013_checkins.js';
import * as m0014 from './0014_levels.js';
import * as m0015 from './0015_notifications.js';
import * as m0016 from './0016_user_overrides.js';
import * as m0017 from './0017_agents.js';
import * as m0018 from './0018_tasks.js';
import * as m0020 from './0020_admission_caps.js';
import * as m0021 from './0021_budgets.js';
import * as m0022 from './0022_fallback_groups.js';
import * as m0023 from './0023_import_map.js';
import * as m0024 from './0024_reservations_lean.js';
import * as m0025 from './0025_money_version.js';
import * as m0026 from './0026_payment_reversals.js';

/** Every migration, in order. Append only: never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0005_relay': m0005,
  '0006_logs': m0006,
  '0007_signin': m0007,
  '0008_ledger': m0008,
  '0009_redemptions': m0009,
  '0010_payments': m0010,
  '0011_topup_total': m0011,
  '0012_invoices': m0012,
  '0013_checkins': m0013,
  '0014_levels': m0014,
  '0015_notifications': m0015,
  '0016_user_overrides': m0016,
  '0017_agents': m0017,
  '0018_tasks': m0018,
  '0020_admission_caps': m0020,
  '0021_budgets': m0021,
  '0022_fallback_groups': m0022,
  '0023_import_map': m0023,
  '0024_reservations_lean': m0024,
  '0025_money_version': m0025,
  '0026_payment_reversals': m0026,
};

import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_accounts.js';
import * as m0005 from './0005_relay.js';
import * as m0006 from './0006_logs.js';
import * as m0007 from './0007_signin.js';

/** Every migration, in order. Append only: never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_accounts': m0002,
  '0005_relay': m0005,
  '0006_logs': m0006,
  '0007_signin': m0007,
};

import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';

/** Every migration, in order. Append only: never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
};

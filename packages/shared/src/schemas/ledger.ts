import { z } from 'zod';
import { pageQuery } from './common.js';

/** Whose balance a ledger row moved: a user's quota, invitation balance, or a key's quota. */
export const ledgerAccounts = ['user', 'aff', 'token'] as const;
export type LedgerAccountName = (typeof ledgerAccounts)[number];

/** One change of one balance (`GET /api/ledger/`). */
export const ledgerEntry = z.object({
  id: z.number().int(),
  account: z.enum(ledgerAccounts),
  /** The user's id (`user`, `aff`) or the key's id (`token`). */
  account_id: z.number().int(),
  /** Quota added (positive) or taken (negative). */
  delta: z.number().int(),
  /** The balance once this row applied. */
  balance_after: z.number().int(),
  /** Why: `relay_reserve`, `relay_settle`, `relay_refund`, `admin_add`, `signup_gift` … */
  reason: z.string(),
  /** The request id, code or order number it belongs to; empty when none. */
  ref: z.string(),
  /** Who made the change (an administrator, the owner); 0 = the system. */
  operator_id: z.number().int(),
  created_at: z.number().int(),
});
export type LedgerEntry = z.output<typeof ledgerEntry>;

const ledgerFilter = {
  reason: z.string().trim().max(32).default(''),
  /** A request id, code or order number. */
  ref: z.string().trim().max(64).default(''),
};

/** `GET /api/ledger/`: any account's rows, newest first (administrators). */
export const ledgerQuery = z
  .object({
    account: z.enum(ledgerAccounts).optional(),
    account_id: z.coerce.number<number | string>().int().positive().optional(),
    ...ledgerFilter,
  })
  .and(pageQuery);
export type LedgerQuery = z.output<typeof ledgerQuery>;

/** `GET /api/ledger/self`: the caller's own rows (balance, invitation balance, keys). */
export const selfLedgerQuery = z
  .object({ account: z.enum(ledgerAccounts).optional(), ...ledgerFilter })
  .and(pageQuery);
export type SelfLedgerQuery = z.output<typeof selfLedgerQuery>;

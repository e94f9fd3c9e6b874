import { Role } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { insertSetupRecord, insertUser } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { isSetupDone } from './setup-state.js';
import { hashPassword } from './password-hash.js';

/** Throws `setup_required` until the first-run wizard is done. */
export async function requireSetupDone(ctx: AppContext): Promise<void> {
  if (!(await ctx.status.isSetupDone())) throw new AppError('setup_required');
}

/** The root account to create. */
export interface RootAccount {
  username: string;
  password: string;
}

/**
 * Creates the root user (role 100) exactly once: the `setups` row shares its transaction,
 * and its fixed primary key refuses a second, even from a racing instance.
 */
export async function createRootAccount(ctx: AppContext, account: RootAccount): Promise<number> {
  if (await isSetupDone(ctx.db)) throw new AppError('setup_already_done');
  const passwordHash = await hashPassword(account.password);
  const now = nowSeconds();
  try {
    const id = await ctx.db.transaction().execute(async (trx) => {
      const rootId = await insertUser(trx, {
        username: account.username,
        password_hash: passwordHash,
        display_name: 'Root User',
        role: Role.root,
        created_at: now,
      });
      await insertSetupRecord(trx, rootId, now);
      return rootId;
    });
    return id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError((await isSetupDone(ctx.db)) ? 'setup_already_done' : 'username_taken');
  }
}

/**
 * Headless first run: with `INITIAL_ROOT_PASSWORD` set and no root yet, creates `root` with
 * that password. Safe to call from every instance at start; only one wins.
 */
export async function createInitialRoot(ctx: AppContext): Promise<void> {
  const password = ctx.env.initialRootPassword;
  if (!password || (await isSetupDone(ctx.db))) return;
  try {
    await createRootAccount(ctx, { username: 'root', password });
    ctx.log.info('created the root account from INITIAL_ROOT_PASSWORD');
  } catch (error) {
    if (!(error instanceof AppError && error.id === 'setup_already_done')) throw error;
  }
}

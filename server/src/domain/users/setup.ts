import { Role } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { insertUser } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { nowSeconds } from '../../lib/time.js';
import { hashPassword } from './password-hash.js';

// Once a database is set up it stays so (root can be neither deleted nor demoted), so a
// positive answer is remembered; before that every check asks the database again.
const setUp = new WeakSet<object>();

/** Whether the first-run wizard has created root (or an imported database already has one). */
export async function isSetupDone(ctx: AppContext): Promise<boolean> {
  if (setUp.has(ctx.db)) return true;
  const row =
    (await ctx.db.selectFrom('setups').select('id').executeTakeFirst()) ??
    (await ctx.db
      .selectFrom('users')
      .select('id')
      .where('role', '=', Role.root)
      .executeTakeFirst());
  if (row) setUp.add(ctx.db);
  return row !== undefined;
}

/** Throws `setup_required` until the first-run wizard is done. */
export async function requireSetupDone(ctx: AppContext): Promise<void> {
  if (!(await isSetupDone(ctx))) throw new AppError('setup_required');
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
  if (await isSetupDone(ctx)) throw new AppError('setup_already_done');
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
      await trx
        .insertInto('setups')
        .values({ id: 1, root_user_id: rootId, initialized_at: now })
        .execute();
      return rootId;
    });
    setUp.add(ctx.db);
    return id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new AppError((await isSetupDone(ctx)) ? 'setup_already_done' : 'username_taken');
  }
}

/**
 * Headless first run: with `INITIAL_ROOT_PASSWORD` set and no root yet, creates `root` with
 * that password. Safe to call from every instance at start; only one wins.
 */
export async function createInitialRoot(ctx: AppContext): Promise<void> {
  const password = ctx.env.initialRootPassword;
  if (!password || (await isSetupDone(ctx))) return;
  try {
    await createRootAccount(ctx, { username: 'root', password });
    ctx.log.info('created the root account from INITIAL_ROOT_PASSWORD');
  } catch (error) {
    if (!(error instanceof AppError && error.id === 'setup_already_done')) throw error;
  }
}

import { Role, UserStatus } from '@gateway/shared';
import type { AppContext } from '../../src/context.js';
import type { Caller } from './fuzz-world.js';

/** Rows of the tables a hostile request could leave half-written. */
export interface Counts {
  users: number;
  tokens: number;
  channels: number;
}

const countOf = async (ctx: AppContext, table: 'users' | 'tokens' | 'channels') =>
  Number(
    (
      await ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** How many users, keys and channels there are. */
export async function countRows(ctx: AppContext): Promise<Counts> {
  return {
    users: await countOf(ctx, 'users'),
    tokens: await countOf(ctx, 'tokens'),
    channels: await countOf(ctx, 'channels'),
  };
}

/** A user's balance and the sum of the ledger rows written for it after row `afterId`. */
export async function balanceAndLedger(ctx: AppContext, userId: number, afterId = 0) {
  const user = await ctx.db
    .selectFrom('users')
    .select('quota')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rows = await ctx.db
    .selectFrom('ledger_entries')
    .select(['id', 'delta'])
    .where('account', '=', 'user')
    .where('account_id', '=', userId)
    .where('id', '>', afterId)
    .execute();
  const last = await ctx.db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return {
    balance: Number(user.quota),
    moved: rows.reduce((sum, r) => sum + Number(r.delta), 0),
    lastId: Number(last?.id ?? 0),
  };
}

/** Prototypes of this process that hostile keys could have reached. */
export function pollutedPrototypes(): string[] {
  const probes: Array<[string, object]> = [
    ['Object.prototype', {}],
    ['Array.prototype', []],
    ['Function.prototype', () => undefined],
    ['String.prototype', Object('')],
  ];
  return probes
    .filter(([, value]) => 'polluted' in value)
    .map(([name]) => `${name} has "polluted"`);
}

/**
 * Rows and cached users whose objects carry a field no column has (`polluted`, inherited
 * or own), and columns that received an object instead of its text (`[object Object]`).
 */
export async function pollutedRows(ctx: AppContext): Promise<string[]> {
  const problems: string[] = [];
  for (const table of ['users', 'tokens', 'channels', 'options'] as const) {
    const rows = (await ctx.db.selectFrom(table).selectAll().execute()) as object[];
    for (const row of rows) {
      if ('polluted' in row) problems.push(`${table} row has "polluted"`);
      for (const [column, value] of Object.entries(row)) {
        if (value === '[object Object]') problems.push(`${table}.${column} = [object Object]`);
      }
    }
  }
  const ids = await ctx.db.selectFrom('users').select('id').execute();
  for (const { id } of ids) {
    const cached = await ctx.users.get(id);
    if (cached && 'polluted' in cached) problems.push(`cached user ${id} has "polluted"`);
  }
  return problems;
}

/**
 * Whether the console's listings agree with the tables: every channel, the user's live keys,
 * and the users root sees (open accounts below root, and root itself).
 */
export async function listingProblems(
  ctx: AppContext,
  list: (who: Caller, url: string) => Promise<number>,
  root: Caller,
  user: Caller,
): Promise<string[]> {
  const problems: string[] = [];
  const channels = await countOf(ctx, 'channels');
  const listedChannels = await list(root, '/api/channel/?p=1&page_size=1');
  if (listedChannels !== channels) {
    problems.push(`channels: ${channels} rows, ${listedChannels} listed`);
  }
  const tokens = await ctx.db
    .selectFrom('tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  const listedTokens = await list(user, '/api/token/?p=1&page_size=1');
  if (listedTokens !== Number(tokens.n)) {
    problems.push(`keys: ${tokens.n} rows, ${listedTokens} listed`);
  }
  const users = await ctx.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('status', '!=', UserStatus.closed)
    .where((eb) => eb.or([eb('role', '<', Role.root), eb('id', '=', root.id)]))
    .executeTakeFirstOrThrow();
  const listedUsers = await list(root, '/api/user/?p=1&page_size=1');
  if (listedUsers !== Number(users.n)) {
    problems.push(`users: ${users.n} rows, ${listedUsers} listed`);
  }
  return problems;
}

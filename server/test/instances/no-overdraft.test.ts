import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../fake-upstream/index.js';
import { testDb } from '../helpers/test-context.js';
import { seedChannel, seedToken, seedUser, type TokenFields } from '../relay/relay-fixture.js';
import {
  balances,
  bookProblems,
  byStatus,
  chatCall,
  clusterable,
  consumeLogs,
  isCleanError,
  prepareCluster,
  waitForRest,
  type Cluster,
  type Outcome,
  tearDown,
} from './cluster.js';

/**
 * 300 requests at once over three instances, on balances, keys and budgets that cover only a
 * few requests each: exactly what each balance covers gets through, nothing goes below 0 or
 * past a budget, the refused get a 403 in the OpenAI shape, and the books show each answer
 * charged once.
 */

/** `thin-fixed` costs $0.001 a call: 500 quota, held and charged exactly. */
const price = 500;
/**
 * `thin-tokens` is priced by tokens (1 quota a token); with `max_tokens: 1` its hold is about
 * 500 while each answer reports 2000 completion tokens, so every answer costs more than it
 * held and the extra is charged down to what the balance has left.
 */
const tokenModel = { model: 'thin-tokens', maxTokens: 1 };
const fixedModel = { model: 'thin-fixed' };
const plenty = 1_000_000_000;

/** One caller of the mix: its user and key, what it sends, and how many answers it covers. */
interface Caller {
  name: string;
  userId: number;
  tokenId: number;
  key: string;
  userQuota: number;
  /** The key's own balance (a limited key), else null. */
  keyQuota: number | null;
  /** Answers its balances and budgets cover (fixed price), or null (priced by tokens). */
  covers: number | null;
  model: { model: string; maxTokens?: number };
}

describe.runIf(clusterable)(`no overdraft over three instances on ${testDb}`, () => {
  let cluster: Cluster;
  let up: FakeUpstream;
  const callers: Caller[] = [];

  beforeAll(async () => {
    up = await startFakeUpstream();
    up.setBehaviour({
      latencyMs: 30,
      chunks: 4,
      chunkDelayMs: 10,
      usage: { promptTokens: 11, completionTokens: 2000 },
    });
    cluster = await prepareCluster();
    const { ctx } = cluster;
    await ctx.settings.set('ModelPrice', JSON.stringify({ 'thin-fixed': 0.001 }));
    await ctx.settings.set('ModelRatio', JSON.stringify({ 'thin-tokens': 0.5 }));
    await ctx.settings.set('CompletionRatio', JSON.stringify({ 'thin-tokens': 1 }));
    await seedChannel(ctx, { baseUrl: up.url, models: ['thin-fixed', 'thin-tokens'] });

    const add = async (
      name: string,
      userQuota: number,
      token: TokenFields,
      covers: number | null,
      budgets: { user?: number; token?: number } = {},
      model: Caller['model'] = fixedModel,
    ) => {
      const userId = await seedUser(ctx, { quota: userQuota });
      const { id, key } = await seedToken(ctx, userId, token);
      if (budgets.user) {
        await ctx.db
          .updateTable('users')
          .set({ budget_period: 'day', budget_quota: budgets.user })
          .where('id', '=', userId)
          .execute();
      }
      if (budgets.token) {
        await ctx.db
          .updateTable('tokens')
          .set({ budget_period: 'month', budget_quota: budgets.token })
          .where('id', '=', id)
          .execute();
      }
      const keyQuota = token.unlimited === false ? (token.remainQuota ?? 0) : null;
      const caller = { name, userId, tokenId: id, key, userQuota, keyQuota, covers, model };
      callers.push(caller);
      return caller;
    };
    // Thin user balances (with a remainder smaller than a call), unlimited keys.
    for (const n of [1, 2, 3]) await add(`thin user ${n}`, 5 * price + 250, {}, 5);
    // Thin limited keys of rich users.
    for (const n of [1, 2]) {
      await add(`thin key ${n}`, plenty, { unlimited: false, remainQuota: 4 * price + 100 }, 4);
    }
    // A user budget shared by two keys of the same user.
    const shared = await add(`user budget`, plenty, {}, 6, { user: 6 * price });
    const second = await seedToken(ctx, shared.userId);
    callers.push({
      ...shared,
      name: 'user budget, second key',
      key: second.key,
      tokenId: second.id,
    });
    // A key budget.
    await add('key budget', plenty, {}, 3, { token: 3 * price });
    // The user's balance binds before the key's and its budget.
    await add('user binds', 7 * price, { unlimited: false, remainQuota: 10 * price }, 7, {
      token: 8 * price,
    });
    // Answers that cost more than they held, on a thin balance and on a thin key.
    await add('extras on user', 5000, {}, null, {}, tokenModel);
    await add(
      'extras on key',
      plenty,
      { unlimited: false, remainQuota: 5000 },
      null,
      {},
      tokenModel,
    );
    await cluster.start(3);
  }, 180_000);

  afterAll(() => tearDown(cluster, up), 60_000);

  it('lets through exactly what each balance and budget covers, and charges each answer once', async () => {
    const sent = Array.from({ length: 300 }, (_, i) => ({
      caller: callers[i % callers.length]!,
      stream: Math.floor(i / callers.length) % 2 === 1,
    }));
    const outcomes: Outcome[] = await Promise.all(
      sent.map(({ caller, stream }) =>
        chatCall(cluster.balancer.url, caller.key, { ...caller.model, stream }),
      ),
    );
    // Every request is answered: served whole, or refused for quota in the OpenAI shape.
    const counts = byStatus(outcomes);
    expect(
      outcomes.filter((o) => ![200, 401, 403].includes(o.status)),
      JSON.stringify(counts),
    ).toEqual([]);
    const served = outcomes.filter((o) => o.status === 200);
    expect(served.filter((o) => !o.complete)).toEqual([]);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(refused.filter((o) => !isCleanError(o))).toEqual([]);
    for (const o of refused) {
      if (o.status === 401) {
        // A limited key that ran dry is marked exhausted: later requests are refused at once.
        expect(o.code).toBe('token_exhausted');
        continue;
      }
      expect([
        'insufficient_user_quota',
        'insufficient_token_quota',
        'user_budget_exhausted',
        'token_budget_exhausted',
      ]).toContain(o.code);
      if (o.code!.startsWith('insufficient')) expect(o.type).toBe('insufficient_quota');
    }

    await waitForRest(cluster.ctx);
    expect(await bookProblems(cluster.ctx)).toEqual([]);
    // Each answer served has exactly one consume log, and nothing else has one.
    const logs = await consumeLogs(cluster.ctx);
    expect(logs).toHaveLength(served.length);
    expect(new Set(logs.map((l) => l.request_id))).toEqual(new Set(served.map((o) => o.requestId)));

    const servedBy = (key: string) =>
      outcomes.filter((o, i) => o.status === 200 && sent[i]!.caller.key === key).length;
    const chargedTo = (field: 'user_id' | 'token_id', id: number) =>
      logs.filter((l) => l[field] === id).reduce((sum, l) => sum + Number(l.quota), 0);
    const users = new Map(callers.map((c) => [c.userId, c]));
    for (const caller of users.values()) {
      const now = await balances(cluster.ctx, caller.userId, caller.tokenId);
      const keys = callers.filter((c) => c.userId === caller.userId);
      const answers = keys.reduce((sum, c) => sum + servedBy(c.key), 0);
      const charged = chargedTo('user_id', caller.userId);
      // What the user lost is what its consume logs charged, and never more than it had.
      expect(caller.userQuota - now.user, caller.name).toBe(charged);
      expect(now.user, caller.name).toBeGreaterThanOrEqual(0);
      if (caller.keyQuota !== null) {
        expect(caller.keyQuota - now.token, caller.name).toBe(
          chargedTo('token_id', caller.tokenId),
        );
        expect(now.token, caller.name).toBeGreaterThanOrEqual(0);
      }
      if (caller.covers !== null) {
        // A fixed price is held in full before the call: exactly what is covered gets through.
        expect(answers, caller.name).toBe(caller.covers);
        expect(charged, caller.name).toBe(caller.covers * price);
      } else {
        // Answers cost more than their holds: some get through until the balance runs out,
        // and what they cost beyond it is charged down to 0, never below.
        expect(answers, caller.name).toBeGreaterThan(0);
        const dry = outcomes.filter(
          (o, i) => sent[i]!.caller === caller && o.code?.startsWith('insufficient'),
        );
        expect(dry.length, caller.name).toBeGreaterThan(0);
      }
    }
    // Budgets count exactly what was charged against them, within their quota.
    const budgetUser = callers.find((c) => c.name === 'user budget')!;
    expect((await balances(cluster.ctx, budgetUser.userId)).userBudgetUsed).toBe(6 * price);
    const budgetKey = callers.find((c) => c.name === 'key budget')!;
    expect((await balances(cluster.ctx, budgetKey.userId, budgetKey.tokenId)).tokenBudgetUsed).toBe(
      3 * price,
    );
    const binds = callers.find((c) => c.name === 'user binds')!;
    expect((await balances(cluster.ctx, binds.userId, binds.tokenId)).tokenBudgetUsed).toBe(
      7 * price,
    );
  }, 60_000);
});

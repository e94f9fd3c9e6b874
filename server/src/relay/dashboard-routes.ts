import { findTokenBalance } from '../db/queries/tokens.js';
import { findUserBalance } from '../db/queries/users.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { displayTokenStatEnabled } from '../config/settings/groups/billing.js';
import { displayInCurrency, quotaPerUnit } from '../config/settings/groups/general.js';
import type { AppContext } from '../context.js';
import { corsHeader } from './cors.js';
import { sendRelayError } from './relay-errors.js';
import { authenticateKey, type KeyCaller } from './steps/authenticate-caller.js';

/** Amount shown to OpenAI billing clients for an unlimited key (new-api's value). */
const unlimitedAmount = 100_000_000;

interface Figures {
  remain: number;
  used: number;
  unlimited: boolean;
  expiredTime: number;
}

/** Remaining and used quota of the key (DisplayTokenStatEnabled) or of its owner. */
async function figuresOf(ctx: AppContext, { caller }: KeyCaller): Promise<Figures> {
  const token = caller.token;
  if (token && ctx.settings.get(displayTokenStatEnabled)) {
    const row = await findTokenBalance(ctx.db, caller.userId, token.id);
    return {
      remain: Number(row?.remain_quota ?? 0),
      used: Number(row?.used_quota ?? 0),
      unlimited: token.unlimited,
      expiredTime: Math.max(0, token.expiredTime),
    };
  }
  const row = await findUserBalance(ctx.db, caller.userId);
  return {
    remain: Number(row?.quota ?? 0),
    used: Number(row?.used_quota ?? 0),
    unlimited: false,
    expiredTime: Math.max(0, token?.expiredTime ?? 0),
  };
}

function toAmount(ctx: AppContext, quota: number): number {
  return ctx.settings.get(displayInCurrency) ? quota / ctx.settings.get(quotaPerUnit) : quota;
}

/**
 * OpenAI's old billing endpoints, which many chat clients still call to show a balance:
 * `subscription` reports the total granted (remaining + used) and `usage` what was used.
 */
export function registerDashboardRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const handle =
    (answer: (f: Figures) => unknown) => async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        await ctx.billing.flush(); // the figures include every answer delivered before
        const figures = await figuresOf(ctx, await authenticateKey(ctx, req, 'openai'));
        return await reply.headers(corsHeader).send(answer(figures));
      } catch (error) {
        sendRelayError('openai', error, req, reply);
        return reply;
      }
    };
  const subscription = handle((f) => {
    const amount = f.unlimited ? unlimitedAmount : toAmount(ctx, f.remain + f.used);
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: amount,
      hard_limit_usd: amount,
      system_hard_limit_usd: amount,
      access_until: f.expiredTime,
    };
  });
  const usage = handle((f) => ({ object: 'list', total_usage: toAmount(ctx, f.used) * 100 }));
  for (const prefix of ['', '/v1']) {
    scope.get(`${prefix}/dashboard/billing/subscription`, subscription);
    scope.get(`${prefix}/dashboard/billing/usage`, usage);
  }
}

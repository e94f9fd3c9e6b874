import { formatMinor, LogType, type OrderEventKind } from '@gateway/shared';
import { post, type LedgerReason } from '../../billing/ledger/index.js';
import type { AppContext } from '../../context.js';
import { transactRetrying } from '../../db/deadlock.js';
import {
  findOrderById,
  hasOrderEvent,
  updateOrderAt,
  type OrderRow,
} from '../../db/queries/payments.js';
import { addTopUpTotal, findUserFields } from '../../db/queries/users.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { AppError } from '../../errors.js';
import { insertAccountLog } from '../users/account-log.js';
import { recordOrderEvent } from './order-events.js';

type Amounts = Pick<OrderRow, 'quota' | 'money_minor' | 'refunded_minor' | 'disputed_minor'>;

/**
 * The quota an order's refunds and disputes take back: the share of its quota that the money
 * refunded or held by disputes is of the money paid, rounded down (all of it when all the
 * money went back; partial refunds in any order add up to the same).
 */
export function quotaTakenBack(order: Amounts): number {
  const money = BigInt(order.money_minor);
  if (money <= 0n) return 0;
  let back = BigInt(order.refunded_minor) + BigInt(order.disputed_minor);
  if (back < 0n) back = 0n;
  if (back > money) back = money;
  return Number((BigInt(order.quota) * back) / money);
}

/** A refund or a dispute as the provider reports it, and what it does to the order. */
export interface Reversal {
  kind: Extract<
    OrderEventKind,
    'refunded' | 'refund_returned' | 'dispute_opened' | 'dispute_returned' | 'dispute_lost'
  >;
  /** Once-only key of this move (`refund:re_1`): a second report of it is a duplicate. */
  key: string;
  /** A move this one gives back: unless that one was recorded, this one moves nothing. */
  undoes?: string;
  /** A move that, recorded first, leaves this one nothing to do (a refund reported failed first). */
  voidedBy?: string;
  /** Change of the refunded money, in the order's minor units. */
  refunded: number;
  /** Change of the money held by disputes. */
  disputed: number;
  disputeStatus?: string;
  /** The provider's id of the refund or dispute, and of the event. */
  ref: string;
  detail: string;
}

/** What a reversal did: moved money (and `quota`), nothing (`void`), or was seen before. */
export type ReversalOutcome =
  { outcome: 'applied'; quota: number } | { outcome: 'void' } | { outcome: 'duplicate' };

/** The ledger reason of a reversal. */
const reasonOf = (kind: Reversal['kind']): LedgerReason =>
  kind.startsWith('refund') ? 'topup_refund' : 'topup_dispute';

/** A compare-and-set that lost: the transaction is run again on the order as it is now. */
class OrderMoved extends Error {}

const reversalAttempts = 5;

/**
 * Applies a refund or dispute once, as one transaction: claims its key (a unique log line, so a
 * replay is a duplicate), moves the order's refunded and disputed money with a compare-and-set
 * on its `ver`, and, when the order was credited, moves the balance by the change in the quota
 * taken back (`quotaTakenBack`) through the ledger. A debit may take the balance below zero.
 */
export async function applyReversal(
  ctx: AppContext,
  order: OrderRow,
  r: Reversal,
): Promise<ReversalOutcome> {
  for (let attempt = 0; attempt < reversalAttempts; attempt++) {
    try {
      const done = await transactRetrying(ctx.db, (trx) => reverseOnce(trx, order.id, r));
      if (done.outcome === 'applied' && done.quota !== 0) {
        await ctx.billing.balancesMoved([order.user_id]);
      }
      return done;
    } catch (error) {
      if (isUniqueViolation(error)) return { outcome: 'duplicate' };
      if (!(error instanceof OrderMoved)) throw error;
    }
  }
  throw new AppError('partial_save_failed');
}

async function reverseOnce(
  trx: AppContext['db'],
  orderId: number,
  r: Reversal,
): Promise<ReversalOutcome> {
  const current = await findOrderById(trx, orderId);
  if (!current) throw new AppError('order_not_found');
  const voided =
    (r.undoes !== undefined && !(await hasOrderEvent(trx, r.undoes))) ||
    (r.voidedBy !== undefined && (await hasOrderEvent(trx, r.voidedBy)));
  const next = {
    ...current,
    refunded_minor: Math.max(0, Number(current.refunded_minor) + (voided ? 0 : r.refunded)),
    disputed_minor: Math.max(0, Number(current.disputed_minor) + (voided ? 0 : r.disputed)),
  };
  const credited = current.status === 'paid';
  const quota = credited ? quotaTakenBack(current) - quotaTakenBack(next) : 0;
  await recordOrderEvent(trx, current, {
    kind: voided ? 'ignored' : r.kind,
    ref: r.ref,
    amountMinor: Math.abs(r.refunded || r.disputed),
    quota,
    detail: voided ? `${r.detail}; nothing to move` : r.detail,
    dedupe: r.key,
  });
  const moved = await updateOrderAt(trx, current, {
    refunded_minor: next.refunded_minor,
    disputed_minor: next.disputed_minor,
    ...(r.disputeStatus !== undefined && { dispute_status: r.disputeStatus }),
  });
  if (!moved) throw new OrderMoved();
  if (quota !== 0) {
    await post(trx, {
      account: 'user',
      accountId: current.user_id,
      delta: quota,
      reason: reasonOf(r.kind),
      ref: current.trade_no,
    });
    await addTopUpTotal(trx, current.user_id, quota);
    const user = await findUserFields(trx, current.user_id, ['username']);
    const money = formatMinor(
      Math.abs(r.refunded || r.disputed),
      current.currency,
      current.money_digits,
    );
    await insertAccountLog(trx, {
      userId: current.user_id,
      username: user?.username ?? '',
      type: LogType.topup,
      content: `Top-up ${current.trade_no}: ${r.detail} (${money} ${current.currency})`,
      quota,
    });
  }
  return voided ? { outcome: 'void' } : { outcome: 'applied', quota };
}

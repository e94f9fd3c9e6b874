import { LogType } from '@gateway/shared';
import type { Reservation } from '../../billing/reservation.js';
import { quotaForUsage } from '../../billing/quota-formula.js';
import { emptyUsage, inputTokens } from '../../billing/usage.js';
import type { LogDraft, Settlement } from '../../billing/settle-plan.js';
import { errorLogEnabled } from '../../config/settings/groups/billing.js';
import { logConsumeEnabled, quotaPerUnit } from '../../config/settings/groups/general.js';
import type { RelayContext } from '../relay-context.js';
import { toWireError } from '../relay-errors.js';
import { countTokens } from './admission.js';
import { applyPriceTier } from './price-and-reserve.js';
import { consumeDetail, routingJson } from './log-detail.js';

/** Counts and times the relayed request for `/metrics`. */
function observe(rc: RelayContext, status: string): void {
  const channel = String(rc.attempt?.channel.id ?? 0);
  rc.ctx.metrics.observeRelay(rc.request.model, channel, status, rc.elapsedMs() / 1000);
}

/** The reservation of a request that held nothing. */
function nothingHeld(rc: RelayContext): Reservation {
  return { id: rc.requestId, userId: rc.caller.userId, tokenId: 0, tokenLimited: false, quota: 0 };
}

/** The columns every relay log row shares. */
function logBase(rc: RelayContext, type: number, content: string, other: string): LogDraft {
  const { caller } = rc;
  return {
    user_id: caller.userId,
    created_at: rc.createdAt,
    type,
    content,
    username: caller.username,
    token_id: caller.token?.id ?? 0,
    token_name: caller.token?.name ?? '',
    model_name: rc.request?.model ?? '',
    quota: 0,
    prompt_tokens: 0,
    completion_tokens: 0,
    use_time: Math.round(rc.elapsedMs()),
    is_stream: rc.request?.stream ? 1 : 0,
    channel_id: rc.attempt?.channel.id ?? 0,
    group: rc.usingGroup ?? '',
    ip: caller.recordIp ? rc.req.ip : '',
    request_id: rc.requestId,
    other,
  };
}

/** The settlement of a finished request: its real usage priced, with its consume log. */
function settlementOf(rc: RelayContext): Settlement {
  const usage = rc.outcome.usage ?? emptyUsage();
  // A prompt-length tier is chosen again by the prompt the upstream really counted.
  applyPriceTier(rc, inputTokens(usage));
  const { quota, formula } = quotaForUsage(
    rc.pricing,
    usage,
    rc.ctx.settings.get(quotaPerUnit),
    rc.request.calls,
  );
  let log: LogDraft | null = null;
  if (rc.ctx.settings.get(logConsumeEnabled)) {
    log = logBase(rc, LogType.consume, formula, consumeDetail(rc, usage));
    log.prompt_tokens = inputTokens(usage);
    log.completion_tokens = usage.completionTokens;
  }
  observe(rc, 'success');
  countTokens(rc, inputTokens(usage) + usage.completionTokens);
  rc.outcome.settled = true;
  return {
    kind: 'settle',
    reservation: rc.reservation ?? nothingHeld(rc),
    quota,
    channelId: rc.attempt?.channel.id ?? 0,
    log,
    usage: {
      username: rc.caller.username,
      modelName: rc.request.model,
      tokens: inputTokens(usage) + usage.completionTokens,
      createdAt: rc.createdAt,
    },
  };
}

/**
 * SETTLE a delivered answer: prices `rc.outcome.usage` and resolves once the charge and its
 * consume log are committed. The deliver steps await it before writing the answer's last
 * bytes (the end of a JSON body, the final SSE event), so every answer a client received
 * whole is billed even if the process dies the next instant.
 */
export function settleDelivered(rc: RelayContext): Promise<void> {
  if (rc.outcome.settled) return Promise.resolve();
  return rc.ctx.billing.settleDelivered(settlementOf(rc));
}

/**
 * SETTLE an answer that ended early (the client went away): queued for the next batch, since
 * nobody waits for its last bytes. Does nothing when the answer was settled already.
 */
export function settleRequest(rc: RelayContext): void {
  if (rc.outcome.settled) return;
  rc.ctx.billing.settle(settlementOf(rc));
}

/**
 * REFUND: queues the return of the whole reservation with an error log (when error logs are
 * on and an upstream was tried: refusals before that, such as rate limits, are not logged).
 */
export function refundRequest(rc: RelayContext, error: unknown): void {
  // A failure after the answer was settled (the client left after the final event) costs it nothing.
  if (rc.outcome.settled) return;
  const reservation = rc.reservation;
  const logging = rc.ctx.settings.get(errorLogEnabled) && rc.attempt !== null;
  if (!reservation && !logging) return;
  const wire = toWireError(error, rc.req);
  if (rc.attempt) observe(rc, String(wire.status));
  const detail =
    `{${routingJson(rc).slice(1)},"error_type":${JSON.stringify(wire.type)}` +
    `,"error_code":${JSON.stringify(wire.code)},"status_code":${wire.status}` +
    `,"refunded_quota":${reservation?.quota ?? 0}}`;
  const log = logging ? logBase(rc, LogType.error, wire.message, detail) : null;
  rc.ctx.billing.refund({
    kind: 'refund',
    reservation: reservation ?? nothingHeld(rc),
    log,
  });
}

import { LogType } from '@gateway/shared';
import { billingOf } from '../../billing/billing-service.js';
import type { ModelPricing } from '../../billing/pricing.js';
import type { Reservation } from '../../billing/quota.js';
import { quotaForUsage } from '../../billing/quota-formula.js';
import { emptyUsage, inputTokens, type Usage } from '../../billing/usage.js';
import type { LogDraft } from '../../billing/settle-plan.js';
import { errorLogEnabled } from '../../config/settings/groups/billing.js';
import { logConsumeEnabled, quotaPerUnit } from '../../config/settings/groups/general.js';
import { relayRequestsTotal, relayUpstreamDuration } from '../../lib/metrics.js';
import type { RelayContext } from '../relay-context.js';
import { toWireError } from '../relay-errors.js';

function pricingDetail(p: ModelPricing): Record<string, unknown> {
  const common = { group_ratio: p.groupRatio, user_discount: p.userDiscount };
  if (p.kind === 'fixed') return { ...common, model_price: p.price, model_ratio: 0 };
  return {
    ...common,
    model_price: -1,
    model_ratio: p.modelRatio,
    completion_ratio: p.completionRatio,
    cache_ratio: p.cacheRatio,
    cache_creation_ratio: p.cacheWriteRatio,
    ...(p.imageRatio !== null && { image_ratio: p.imageRatio }),
    ...(p.audioRatio !== null && {
      audio_ratio: p.audioRatio,
      audio_completion_ratio: p.audioCompletionRatio,
    }),
    ...(p.fallback && { self_use_fallback: true }),
  };
}

/** The token breakdown of `other`; zero counts are left out (readers default them to 0). */
function tokenDetail(u: Usage): Record<string, number> {
  const all: Record<string, number> = {
    text_input: Math.max(0, u.promptTokens - u.imageTokens - u.audioInputTokens),
    text_output: Math.max(0, u.completionTokens - u.audioOutputTokens),
    cache_tokens: u.cachedTokens,
    cache_creation_tokens: u.cacheWriteTokens,
    cache_creation_tokens_1h: u.cacheWrite1hTokens,
    image_tokens: u.imageTokens,
    audio_input: u.audioInputTokens,
    audio_output: u.audioOutputTokens,
    reasoning_tokens: u.reasoningTokens,
  };
  for (const key of Object.keys(all)) if (all[key] === 0) delete all[key];
  return all;
}

/** Counts the relayed request and its upstream time for `/metrics`. */
function observe(rc: RelayContext, status: string): void {
  const labels = { model: rc.request.model, channel: String(rc.attempt?.channel.id ?? 0) };
  relayRequestsTotal.inc({ ...labels, status });
  relayUpstreamDuration.observe(labels, rc.elapsedMs() / 1000);
}

/** The reservation of a request that held nothing. */
function nothingHeld(rc: RelayContext): Reservation {
  return { id: rc.requestId, userId: rc.caller.userId, tokenId: 0, tokenLimited: false, quota: 0 };
}

/** The columns every relay log row shares. */
function logBase(rc: RelayContext, type: number, content: string): Omit<LogDraft, 'other'> {
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
    use_time: Math.round(rc.elapsedMs()),
    is_stream: rc.request?.stream ? 1 : 0,
    channel_id: rc.attempt?.channel.id ?? 0,
    group: rc.usingGroup ?? '',
    ip: caller.recordIp ? rc.req.ip : '',
    request_id: rc.requestId,
  };
}

function routingDetail(rc: RelayContext): Record<string, unknown> {
  const attempt = rc.attempt;
  return {
    request_path: rc.req.url.split('?')[0],
    is_model_mapped: attempt !== null && attempt.upstreamModel !== rc.request.model,
    upstream_model_name: attempt?.upstreamModel ?? rc.request.model,
    use_channel: [...rc.tried],
  };
}

/**
 * SETTLE: prices the real usage and queues the settlement with its consume log; it commits
 * in the next batch, after the answer has reached the client.
 */
export function settleRequest(rc: RelayContext): void {
  const usage = rc.outcome.usage ?? emptyUsage();
  const { quota, formula } = quotaForUsage(
    rc.pricing,
    usage,
    rc.ctx.settings.get(quotaPerUnit),
    rc.request.calls,
  );
  const reservation = rc.reservation ?? nothingHeld(rc);
  const log: LogDraft | null = rc.ctx.settings.get(logConsumeEnabled)
    ? {
        ...logBase(rc, LogType.consume, formula),
        prompt_tokens: inputTokens(usage),
        completion_tokens: usage.completionTokens,
        other: {
          ...pricingDetail(rc.pricing),
          ...tokenDetail(usage),
          ...routingDetail(rc),
          frt: Math.round(rc.outcome.firstByteMs),
          reserved_quota: reservation.quota,
          formula,
          ...(rc.outcome.localCount && { local_count_tokens: true }),
          ...(rc.outcome.clientGone && { stream_status: 'client_gone' }),
        },
      }
    : null;
  observe(rc, 'success');
  billingOf(rc.ctx).settle({
    kind: 'settle',
    reservation,
    quota,
    channelId: rc.attempt?.channel.id ?? 0,
    log,
    usage: {
      username: rc.caller.username,
      modelName: rc.request.model,
      tokens: inputTokens(usage) + usage.completionTokens,
      createdAt: rc.createdAt,
    },
  });
}

/**
 * REFUND: queues the return of the whole reservation with an error log (when error logs are
 * on and an upstream was tried: refusals before that, such as rate limits, are not logged).
 */
export function refundRequest(rc: RelayContext, error: unknown): void {
  const reservation = rc.reservation;
  const logging = rc.ctx.settings.get(errorLogEnabled) && rc.attempt !== null;
  if (!reservation && !logging) return;
  const wire = toWireError(error, rc.req);
  if (rc.attempt) observe(rc, String(wire.status));
  const log: LogDraft | null = logging
    ? {
        ...logBase(rc, LogType.error, wire.message),
        other: {
          ...routingDetail(rc),
          error_type: wire.type,
          error_code: wire.code,
          status_code: wire.status,
          refunded_quota: reservation?.quota ?? 0,
        },
      }
    : null;
  billingOf(rc.ctx).refund({
    kind: 'refund',
    reservation: reservation ?? nothingHeld(rc),
    log,
  });
}

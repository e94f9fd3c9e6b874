import { retryTimes } from '../../config/settings/groups/operation.js';
import {
  recordChannelAttempt,
  reportChannelFailure,
} from '../../domain/channels/channel-health.js';
import { AppError } from '../../errors.js';
import type { Adaptor, ChannelConfig, UpstreamRequest } from '../adaptors/adaptor.js';
import { normalizeUpstreamError } from '../adaptors/errors/upstream-error.js';
import { adaptorFor } from '../adaptors/registry.js';
import { forwardedEndpoint, type Attempt, type RelayContext } from '../relay-context.js';
import { SettlementFailed } from '../../billing/settle-plan.js';
import { ClientGone, UpstreamFailure } from '../relay-errors.js';
import { shouldRetry } from '../retry-policy.js';
import type { CachedChannel } from '../../domain/channels/channel-index.js';
import { sendUpstream, type UpstreamResponse } from '../upstream/upstream-pools.js';
import { channelsFull, releaseChannel } from './admission.js';
import { pickAdmitted, type Admitted, type Fit, type FullChannels } from './pick-channel.js';
import { fallsBack, moveTo, routesOf, type Route } from './routes.js';
import { rememberSticky, stickyChannel, stickyOf } from './sticky-routing.js';

/** Delivers a 2xx upstream answer to the client (JSON, stream or bytes). */
export type Deliver = (rc: RelayContext, adaptor: Adaptor, res: UpstreamResponse) => Promise<void>;

/** Whether a channel's adaptor can serve the request's endpoint. */
function serves(adaptor: Adaptor | undefined, rc: RelayContext): adaptor is Adaptor {
  if (!adaptor) return false;
  if (rc.endpoint === 'chat') return true;
  return rc.endpoint !== 'task' && adaptor.forward?.endpoints.has(rc.endpoint) === true;
}

/** The relay's fit of a channel: its adaptor, when that can serve the request's endpoint. */
const adaptorFit =
  (rc: RelayContext): Fit<Adaptor> =>
  (channel) => {
    const adaptor = adaptorFor(channel.type);
    return serves(adaptor, rc) ? adaptor : undefined;
  };

function channelConfig(channel: CachedChannel): ChannelConfig {
  const organization = channel.setting.organization;
  return typeof organization === 'string' && organization !== ''
    ? { ...channel, organization }
    : channel;
}

function buildUpstream(rc: RelayContext, adaptor: Adaptor, attempt: Attempt): UpstreamRequest {
  const { request } = rc;
  const channel = channelConfig(attempt.channel);
  if (rc.endpoint === 'chat') {
    const json = 'json' in request.body ? request.body : undefined;
    return adaptor.buildRequest({
      format: rc.format,
      body: json?.json,
      text: json?.text,
      model: attempt.upstreamModel,
      stream: request.stream,
      channel,
      clientHeaders: rc.req.headers as Record<string, string | undefined>,
    });
  }
  // `serves` checked that this adaptor forwards the endpoint.
  return adaptor.forward!.buildRequest({
    endpoint: forwardedEndpoint(rc),
    body: request.body,
    model: attempt.upstreamModel,
    stream: request.stream,
    channel,
  });
}

function mappedStatus(channel: CachedChannel, status: number): number {
  const mapped = Number(channel.statusCodeMapping[String(status)]);
  return Number.isInteger(mapped) && mapped >= 100 && mapped <= 599 ? mapped : status;
}

async function failureOf(res: UpstreamResponse, channel: CachedChannel): Promise<UpstreamFailure> {
  const text = await res.body.text().catch(() => '');
  const error = normalizeUpstreamError(res.statusCode, text);
  return new UpstreamFailure(error, channel.id, mappedStatus(channel, res.statusCode));
}

/**
 * Sends the request to a channel and delivers the answer; on a retryable failure before
 * anything reached the client, tries the next channel (up to `RetryTimes` more, never one
 * already tried, none when pinned) and reports every failure for automatic disabling.
 */
export async function callUpstream(rc: RelayContext, deliver: Deliver): Promise<void> {
  // A client that goes away before the answer is complete aborts the upstream call.
  const raw = rc.reply.raw;
  const onClose = () => {
    if (raw.writableFinished) return;
    rc.outcome.clientGone = true;
    rc.upstream?.abort();
  };
  // `on`, not `once`: the listener is taken off below, and `once` wraps it in two more objects.
  raw.on('close', onClose);
  try {
    const routes = routesOf(rc);
    await (routes.length === 1 ? attemptChannels(rc, deliver) : attemptRoutes(rc, deliver, routes));
  } finally {
    raw.off('close', onClose);
  }
}

/**
 * Tries each route in turn: the next one only after a failure that another channel could
 * avoid (none left, all full, 5xx, 429, network) and before anything reached the client.
 */
async function attemptRoutes(rc: RelayContext, deliver: Deliver, routes: Route[]): Promise<void> {
  const origin = routes[0]!;
  let failure: unknown;
  for (let i = 0; i < routes.length; i++) {
    if (i > 0) moveTo(rc, routes[i]!, origin);
    try {
      return await attemptChannels(rc, deliver);
    } catch (error) {
      failure = error;
      if (!fallsBack(rc, error)) throw error;
    }
  }
  throw failure;
}

async function attemptChannels(rc: RelayContext, deliver: Deliver): Promise<void> {
  const { ctx } = rc;
  const retries = rc.caller.pinnedChannelId !== null ? 0 : ctx.settings.get(retryTimes);
  let last: UpstreamFailure | null = null;
  let full: FullChannels | null = null;
  const fit = adaptorFit(rc);
  rc.sticky = rc.caller.pinnedChannelId === null ? stickyOf(rc) : null;
  const remembered = rc.sticky ? await stickyChannel(rc) : null;
  for (let index = 0; index <= retries; index++) {
    const picking = pickAdmitted(rc, fit, index, full, remembered);
    const admitted: Admitted<Adaptor> = picking instanceof Promise ? await picking : picking;
    full = admitted.full;
    if (!admitted.picked) break;
    const [channel, adaptor] = admitted.picked;
    rc.tried.add(channel.id);
    const attempt = {
      channel,
      upstreamModel: channel.modelMapping[rc.request.model] || rc.request.model,
      index,
    };
    rc.attempt = attempt;
    const call = sendUpstream(buildUpstream(rc, adaptor, attempt), channel.setting.proxy);
    rc.upstream = call;
    try {
      const res = await call.response;
      if (res.statusCode >= 200 && res.statusCode < 300) {
        recordChannelAttempt(ctx, channel.id, res.statusCode);
        if (rc.sticky) {
          rc.sticky.hit = channel.id === remembered?.id;
          rememberSticky(rc, channel.id);
        }
        return await deliver(rc, adaptor, res);
      }
      last = await failureOf(res, channel);
    } catch (error) {
      call.abort();
      if (rc.outcome.clientGone) throw new ClientGone();
      // The answer came, but its charge could not be recorded: no other channel is asked.
      if (error instanceof SettlementFailed) throw error;
      if (!(error instanceof UpstreamFailure)) {
        const message = error instanceof Error ? error.message : String(error);
        last = new UpstreamFailure(
          { status: 0, message, type: 'upstream_error', code: null },
          channel.id,
        );
      } else if (rc.reply.raw.headersSent) throw error;
      else last = error;
    }
    releaseChannel(rc, channel);
    const failure = last.error;
    recordChannelAttempt(ctx, channel.id, failure.status);
    reportChannelFailure(ctx, channel.id, {
      status: failure.status,
      message: failure.message,
    }).catch((err: unknown) => ctx.log.error({ err }, 'channel failure report failed'));
    if (!shouldRetry(failure.status, ctx.settings, { code: failure.code })) throw last;
  }
  // Every channel left was full: the caller may retry once the first has room.
  if (full) throw channelsFull(rc, full.retryAfter);
  if (last) throw last;
  throw new AppError(
    'no_available_channel',
    { model: rc.request.model, group: rc.usingGroup },
    503,
  );
}

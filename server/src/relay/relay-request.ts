import type { RelayContext } from './relay-context.js';
import { ClientGone, sendRelayError } from './relay-errors.js';
import { checkCallerCaps } from './steps/admission.js';
import { authenticateCaller, checkKeyLimits } from './steps/authenticate-caller.js';
import { callUpstream, type Deliver } from './steps/call-upstream.js';
import { deliverBytes, deliverJson } from './steps/deliver-json.js';
import { deliverStream } from './steps/deliver-stream.js';
import { checkLevelLimits, leaveSlots } from './steps/level-limits.js';
import { priceRequest, reserve } from './steps/price-and-reserve.js';
import { readRequest } from './steps/read-request.js';
import { refundRequest, settleRequest } from './steps/settle-request.js';

/** How the answer of this request reaches the client. */
function deliveryOf(rc: RelayContext): Deliver {
  if (rc.endpoint === 'audio/speech') return deliverBytes;
  return rc.request.stream ? deliverStream : deliverJson;
}

/**
 * The relay of one API-key request, step by step: who calls, what they ask, whether they
 * may, what it costs, hold that, ask upstream (retrying other channels), answer, settle.
 */
export function relayRequest(rc: RelayContext): Promise<void> {
  const reading = authenticateCaller(rc);
  return reading ? reading.then(() => relayAuthenticated(rc)) : relayAuthenticated(rc);
}

/** The relay after the caller is known (the playground authenticates by session instead). */
export async function relayAuthenticated(rc: RelayContext): Promise<void> {
  try {
    readRequest(rc);
    checkKeyLimits(rc);
    checkLevelLimits(rc);
    checkCallerCaps(rc);
    priceRequest(rc);
    const reserving = reserve(rc);
    if (reserving) await reserving;
    await callUpstream(rc, deliveryOf(rc));
    settleRequest(rc);
  } catch (error) {
    if (error instanceof ClientGone && rc.outcome.usage) settleRequest(rc);
    else refundRequest(rc, error);
    throw error;
  } finally {
    leaveSlots(rc);
  }
}

/**
 * Runs a relay pipeline and answers any failure in the client's format (a pipeline may also
 * throw before its first await). Never rejects: the route handlers do not wait for it.
 */
export async function runRelay(
  rc: RelayContext,
  pipeline: (rc: RelayContext) => Promise<void> = relayRequest,
): Promise<void> {
  try {
    await pipeline(rc);
  } catch (error) {
    if (error instanceof ClientGone) return;
    try {
      sendRelayError(rc.format, error, rc.req, rc.reply);
    } catch (failure) {
      rc.req.log.error({ err: failure }, 'relay error answer failed');
      rc.reply.raw.destroy();
    }
  }
}

import { isObject, type JsonObject } from '../../adaptors/shared/json.js';
import type { DrawingColumns, SubmitOutcome } from '../submit-task.js';

/** A Midjourney-Proxy submit answer: `{code, description, result, properties}`. */
export interface MjAnswer {
  code: number;
  description: string;
  /** The upstream's task id (an array of URLs for an upload). */
  result: unknown;
  properties: JsonObject;
}

/**
 * A submit outcome with the upstream's answer it was read from (null: none readable) and the
 * HTTP status it came with.
 */
export type MjOutcome = SubmitOutcome & { answer: MjAnswer | null; upstreamStatus: number };

/** Reads a submit answer; null when it is not one. */
export function readAnswer(json: unknown): MjAnswer | null {
  if (!isObject(json) || typeof json.code !== 'number') return null;
  return {
    code: json.code,
    description: typeof json.description === 'string' ? json.description.slice(0, 1000) : '',
    result: json.result,
    properties: isObject(json.properties) ? json.properties : {},
  };
}

/** Submit codes: submitted, exists / waiting in a window, queued, and the refusals. */
const Code = {
  submitted: 1,
  notFound: 3,
  validation: 4,
  failure: 9,
  exists: 21,
  queued: 22,
  queueFull: 23,
  banned: 24,
} as const;

type Refusal = Omit<Extract<SubmitOutcome, { accepted: false }>, 'body'> & {
  answer: MjAnswer | null;
};

const refused = (
  status: number,
  reason: string,
  retry: boolean,
  answer: MjAnswer | null,
): Refusal => ({
  accepted: false,
  status,
  reason: reason.slice(0, 1000),
  retry,
  answer,
  ...(answer ? { changes: { code: answer.code } } : {}),
});

/**
 * What an upstream's answer to a submit means for the row and the charge.
 *
 * - 1 (or 22 queued): accepted, the row `SUBMITTED` with the upstream's code; 1 with a list
 *   of URLs (an upload) is accepted and finished at once.
 * - 21: accepted; a region edit or custom zoom (or a remix) waits in `MODAL`; "already
 *   exists" with `properties.status = SUCCESS` and an image is stored finished.
 * - 3 no instance: refused and retryable, reported as a 503 so the channel's automatic
 *   disabling applies; 3 for an action means its upstream task is gone (404, not retried).
 * - 9 / 23 queue full: refused, retryable elsewhere (as a 429). 4, 24 and anything else:
 *   refused, not retried.
 * - No answer, 401/403, 429, 5xx, an unreadable body or an acceptance without a task id:
 *   refused and retryable.
 *
 * A refused submit is refunded by `submitTask`.
 */
export function outcomeOf(
  status: number,
  answer: MjAnswer | null,
  action: string,
  continues: boolean,
): MjOutcome {
  const read = judge(status, answer, action, continues);
  return read.accepted
    ? { ...read, answer, upstreamStatus: status }
    : { ...read, body: null, upstreamStatus: status };
}

function judge(
  status: number,
  answer: MjAnswer | null,
  action: string,
  continues: boolean,
): Refusal | Extract<SubmitOutcome, { accepted: true }> {
  if (status === 401 || status === 403 || status === 429 || status >= 500) {
    return refused(status, answer?.description || `upstream answered HTTP ${status}`, true, null);
  }
  if (!answer) return refused(502, `unreadable answer (HTTP ${status})`, true, null);
  const { code, result, properties } = answer;
  const reason = `${answer.description || 'refused'} (code ${code})`;
  if (code === Code.submitted && Array.isArray(result)) {
    return { accepted: true, upstreamId: '', finished: true, changes: { code, status: 'SUCCESS' } };
  }
  const accepted: number[] = [Code.submitted, Code.exists, Code.queued];
  if (accepted.includes(code) && typeof result === 'string' && result !== '') {
    const waiting =
      code === Code.exists &&
      (action === 'INPAINT' || action === 'CUSTOM_ZOOM' || properties.remix === true);
    const done =
      code === Code.exists &&
      !waiting &&
      properties.status === 'SUCCESS' &&
      typeof properties.imageUrl === 'string';
    const changes: Partial<DrawingColumns> = {
      code,
      status: waiting ? 'MODAL' : done ? 'SUCCESS' : 'SUBMITTED',
      progress: done ? '100%' : '0%',
    };
    if (done) changes.image_url = String(properties.imageUrl).slice(0, 8000);
    return { accepted: true, upstreamId: result.slice(0, 64), finished: done, changes };
  }
  if (accepted.includes(code)) {
    // "Accepted" without a task id: nothing to follow, and nothing the client could use.
    return refused(502, `answer without a task id (code ${code})`, true, null);
  }
  if (code === Code.notFound) {
    // An action's related task is gone upstream: nothing another channel could do.
    return continues ? refused(404, reason, false, answer) : refused(503, reason, true, answer);
  }
  if (code === Code.queueFull || code === Code.failure) return refused(429, reason, true, answer);
  return refused(400, reason, false, answer);
}

/** A refusal another group's channels might take: no instance, a full queue, 429 or 5xx. */
export const saturated = (outcome: SubmitOutcome): boolean =>
  !outcome.accepted && outcome.retry === true && (outcome.status === 429 || outcome.status >= 500);

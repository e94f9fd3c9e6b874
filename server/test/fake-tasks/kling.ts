import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  field,
  isRecord,
  json,
  startServer,
  type Answer,
  type Exchange,
  type FakeBase,
  type ReceivedRequest,
} from './common.js';
import {
  callbackSender,
  defaultSlowMs,
  driveTasks,
  fateOf,
  markersOf,
  planFor,
  slowIf,
  type SentCallback,
  type TaskDriver,
  type TaskMeta,
} from './task-lifecycle.js';

/**
 * A fake Kling video API on 127.0.0.1.
 *
 * Wire: `Authorization: Bearer <JWT>`, HS256 signed with `secretKey`, `iss` = `accessKey`,
 * `exp` in the future and `nbf` (when present) not in the future; else 401 with Kling's codes
 * (1001 empty, 1002 invalid, 1003 not yet valid, 1004 expired). With `relayKey`, the same routes
 * under `/kling/…` take `Bearer <relayKey>` instead (another gateway relaying Kling).
 * Envelope `{code, message, request_id, data}`: `code` 0 / "SUCCEED", else a Kling error code
 * (1201 invalid parameter 400, 1203 not found 404, 1301 content policy 400, 1302 rate limit
 * 429, 5000 server error 500). Kling's `created_at` / `updated_at` are in milliseconds.
 * - `POST /v1/videos/text2video` (`prompt` required, ≤ 2500 chars) and `/image2video`
 *   (`image` required); `model_name`, `mode` std|pro, `duration` "5"|"10", `aspect_ratio`
 *   16:9|9:16|1:1, `cfg_scale` 0–1, `external_task_id`, `callback_url` checked when given.
 * - `GET /v1/videos/{text2video|image2video}/{task_id}` (a poll; the kind must match) →
 *   `data: {task_id, task_status, task_status_msg, task_info, created_at, updated_at,
 *   task_result: {videos: [{id, url, duration}]}, final_unit_deduction}`.
 * - `callback_url`: the task `data` is POSTed there on every change, in order.
 *
 * Lifecycle, one stage per query: submitted → processing → succeed (video served by the fake
 * at `/files/<task_id>.mp4`) or failed (`task_status_msg`).
 *
 * Markers (in `prompt`): `#fail` fails after processing, `#never` stays processing, `#unknown`
 * reads task_status "unknown", `#vanish` answers 1203/404 after submit, `#refuse` → 1301 at
 * submit, `#slow` answers the submit after `slowMs` (default 2000 ms).
 */

/** The kinds of Kling video task. */
export type KlingKind = 'text2video' | 'image2video';

/** The fake's bookkeeping on a task. */
export interface KlingMeta extends TaskMeta {
  kind: KlingKind;
  duration: string;
  mode: string;
  callbackUrl: string;
}

/** A task's `data` as Kling answers it (plus `meta`, never sent). */
export interface KlingTask {
  task_id: string;
  task_status: string;
  task_status_msg: string;
  task_info: { external_task_id?: string };
  created_at: number;
  updated_at: number;
  task_result: { videos: Array<{ id: string; url: string; duration: string }> };
  final_unit_deduction?: string;
  meta: KlingMeta;
}

export interface FakeKlingOptions {
  /** The JWT issuer to require; with `secretKey`, requests must carry a valid JWT. */
  accessKey?: string;
  secretKey?: string;
  /** A plain bearer key accepted under `/kling/…` (a gateway relaying Kling). */
  relayKey?: string;
  /** How long `#slow` submits wait (ms). */
  slowMs?: number;
}

/** A running fake Kling API. */
export interface FakeKling extends FakeBase, TaskDriver {
  tasks: Map<string, KlingTask>;
  /** Every callback_url POST made, in order. */
  callbacks: SentCallback[];
  /** Resolves once every callback queued so far was sent. */
  callbacksSent(): Promise<void>;
}

const lifecycle = {
  success: ['submitted', 'processing', 'succeed'],
  failAfter: 2,
  failure: 'failed',
  unknown: 'unknown',
};
const defaultFailure = 'Failure to pass the risk control system';
const codeOfStatus: Readonly<Record<number, number>> = {
  400: 1201,
  401: 1000,
  404: 1203,
  429: 1302,
  500: 5000,
  503: 5001,
  504: 5002,
};

/** Kling's envelope. */
export const klingEnvelope = (code: number, message: string, data: unknown = null) => ({
  code,
  message,
  request_id: randomUUID(),
  data,
});

/** What a query sends for a task. */
export function klingWire(t: KlingTask): Omit<KlingTask, 'meta'> {
  const { meta: _meta, ...wire } = t;
  return wire;
}

const b64json = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
};

/** Checks a Kling JWT: null when valid, else the 401 answer. */
export function checkKlingJwt(
  authorization: string | undefined,
  accessKey: string,
  secretKey: string,
): Answer | null {
  const refuse = (code: number, message: string) => ({
    status: 401,
    body: klingEnvelope(code, message),
  });
  if (!authorization) return refuse(1001, 'Authorization is empty');
  const token = /^Bearer (.+)$/.exec(authorization)?.[1] ?? '';
  const [head = '', payload = '', signature = ''] = token.split('.');
  const header = b64json(head);
  const claims = b64json(payload);
  const expected = createHmac('sha256', secretKey).update(`${head}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  const signed = given.length === expected.length && timingSafeEqual(given, expected);
  if (!header || !claims || header.alg !== 'HS256' || !signed || claims.iss !== accessKey) {
    return refuse(1002, 'Authorization is invalid');
  }
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.nbf === 'number' && claims.nbf > now) {
    return refuse(1003, 'Authorization is not yet valid');
  }
  if (typeof claims.exp !== 'number' || claims.exp <= now) {
    return refuse(1004, 'Authorization has expired');
  }
  return null;
}

/** Why a submit is invalid (Kling code 1201), or null. */
function invalidSubmit(kind: KlingKind, body: Record<string, unknown>): string | null {
  const prompt = field(body, 'prompt');
  const oneOf = (name: string, values: string[]) =>
    body[name] !== undefined && !values.includes(String(body[name]));
  if (kind === 'text2video' && !prompt) return 'prompt is required';
  if (prompt.length > 2500) return 'prompt must be at most 2500 characters';
  if (kind === 'image2video' && !field(body, 'image')) return 'image is required';
  if (oneOf('mode', ['std', 'pro'])) return 'mode must be std or pro';
  if (oneOf('duration', ['5', '10'])) return 'duration must be 5 or 10';
  if (oneOf('aspect_ratio', ['16:9', '9:16', '1:1'])) return 'aspect_ratio is invalid';
  const cfg = body.cfg_scale;
  if (cfg !== undefined && !(typeof cfg === 'number' && cfg >= 0 && cfg <= 1)) {
    return 'cfg_scale must be between 0 and 1';
  }
  const model = field(body, 'model_name');
  if (model && !model.startsWith('kling-')) return `model_name ${model} is not supported`;
  return null;
}

/** Starts a fake Kling API; see the file's comment for its behaviour and markers. */
export async function startFakeKling(options: FakeKlingOptions = {}): Promise<FakeKling> {
  const tasks = new Map<string, KlingTask>();
  const slowMs = options.slowMs ?? defaultSlowMs;
  const callbacks = callbackSender();
  let base = '';

  const apply = (t: KlingTask, stage: string): void => {
    t.task_status = stage;
    t.updated_at = Date.now();
    if (stage === 'succeed') {
      t.task_result = {
        videos: [
          { id: randomUUID(), url: `${base}/files/${t.task_id}.mp4`, duration: t.meta.duration },
        ],
      };
    }
    if (stage === 'failed') t.task_status_msg = t.meta.reason ?? defaultFailure;
    if (stage === 'succeed' || stage === 'failed') {
      const units = (t.meta.mode === 'pro' ? 3.5 : 1) * (t.meta.duration === '10' ? 2 : 1);
      t.final_unit_deduction = stage === 'succeed' ? String(units) : '0';
    }
  };
  const drive = driveTasks(tasks, {
    apply,
    success: 'succeed',
    failure: 'failed',
    changed: (t) => {
      if (t.meta.callbackUrl) callbacks.post(t.meta.callbackUrl, klingWire(t));
    },
  });

  async function submit(x: Exchange): Promise<void> {
    const kind = x.params[0] as KlingKind;
    const body = x.req.body;
    if (!isRecord(body)) return json(x.res, 400, klingEnvelope(1200, 'Invalid request body'));
    const invalid = invalidSubmit(kind, body);
    if (invalid) return json(x.res, 400, klingEnvelope(1201, invalid));
    const markers = markersOf(field(body, 'prompt'));
    if (markers.has('refuse')) {
      return json(
        x.res,
        400,
        klingEnvelope(1301, 'Trigger the content security policy of the platform'),
      );
    }
    const fate = fateOf(markers);
    const now = Date.now();
    const external = field(body, 'external_task_id');
    const t: KlingTask = {
      task_id: randomBytes(16).toString('base64url'),
      task_status: 'submitted',
      task_status_msg: '',
      task_info: external ? { external_task_id: external } : {},
      created_at: now,
      updated_at: now,
      task_result: { videos: [] },
      meta: {
        fate,
        plan: planFor(fate, lifecycle),
        stage: 0,
        kind,
        duration: String(body.duration ?? '5'),
        mode: field(body, 'mode') || 'std',
        callbackUrl: field(body, 'callback_url'),
      },
    };
    tasks.set(t.task_id, t);
    await slowIf(markers, slowMs);
    const { task_result: _result, ...submitted } = klingWire(t);
    json(x.res, 200, klingEnvelope(0, 'SUCCEED', submitted));
  }

  function query(x: Exchange): void {
    const t = tasks.get(x.params[1] ?? '');
    if (!t || t.meta.kind !== x.params[0] || t.meta.fate === 'vanish') {
      return json(x.res, 404, klingEnvelope(1203, 'The requested resource does not exist'));
    }
    json(x.res, 200, klingEnvelope(0, 'SUCCEED', klingWire(drive.read(t))));
  }

  const authorize = (req: ReceivedRequest): Answer | null => {
    if (req.path.startsWith('/kling/')) {
      return options.relayKey && req.headers.authorization === `Bearer ${options.relayKey}`
        ? null
        : { status: 401, body: klingEnvelope(1002, 'Authorization is invalid') };
    }
    if (!options.accessKey || !options.secretKey) return null;
    return checkKlingJwt(req.headers.authorization, options.accessKey, options.secretKey);
  };

  const fake = await startServer({
    routes: [
      {
        method: 'POST',
        pattern: /^(?:\/kling)?\/v1\/videos\/(text2video|image2video)$/,
        kind: 'submit',
        handle: submit,
      },
      {
        method: 'GET',
        pattern: /^(?:\/kling)?\/v1\/videos\/(text2video|image2video)\/([^/]+)$/,
        kind: 'query',
        handle: query,
      },
    ],
    record: (req) => req,
    authorize,
    errorBody: (status, message) =>
      klingEnvelope(
        codeOfStatus[status] ?? 5000,
        status === 429 ? 'API request rate limit exceeded' : message,
      ),
  });
  base = fake.url;
  return Object.assign(fake, {
    tasks,
    callbacks: callbacks.sent,
    callbacksSent: callbacks.idle,
    advanceAll: drive.advanceAll,
    finish: drive.finish,
    fail: drive.fail,
  });
}

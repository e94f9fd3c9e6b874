import { randomBytes } from 'node:crypto';
import { isRecord, json, MP4, PNG, startServer, type Exchange, type FakeBase } from './common.js';
import {
  defaultSlowMs,
  driveTasks,
  fateOf,
  markersOf,
  planFor,
  slowIf,
  type TaskDriver,
  type TaskMeta,
} from './task-lifecycle.js';

/**
 * A fake OpenAI Videos API (Sora) on 127.0.0.1.
 *
 * Wire: `Authorization: Bearer <key>` when `key` is set (else 401 `invalid_api_key`); errors
 * `{"error":{message, type, param, code}}`; times in seconds.
 * - `POST /v1/videos`, JSON or multipart (`prompt` required; `model` sora-2 (default) /
 *   sora-2-pro / dated snapshots; `seconds` "4" (default) / "8" / "12", a string; `size`
 *   720x1280 (default) / 1280x720, and 1024x1792 / 1792x1024 for sora-2-pro) → the video object,
 *   or 400 `missing_required_parameter` / `invalid_value` (with `param`).
 * - `GET /v1/videos/{id}` (a poll) → the video; unknown or vanished → 404 `video_not_found`.
 * - `GET /v1/videos/{id}/content?variant=video|thumbnail|spritesheet` → MP4 bytes
 *   (`video/mp4`; PNG for the others) once completed; 404 for an unknown id, 400 before then.
 * - `POST /v1/videos/{id}/remix {prompt}` → a new video of a completed one, with
 *   `remixed_from_video_id`; `GET /v1/videos` (a page) and `DELETE /v1/videos/{id}` too.
 *
 * Lifecycle, one stage per retrieve: queued → in_progress 10 → 50 → 90 → completed
 * (`progress` 100, `completed_at`, `expires_at` an hour later) or failed
 * (`error {code, message}`).
 *
 * Markers (in `prompt`): `#fail` fails after 50% (`moderation_blocked`), `#never` stays at 90,
 * `#unknown` reads status "unknown", `#vanish` answers 404 after submit, `#refuse` → 400
 * `moderation_blocked` at submit, `#slow` answers the submit after `slowMs` (default 2000 ms).
 * `failQueriesWith429` answers polls with 429 `{"error":{"code":"429",…}}`.
 */

/** The Video object. */
export interface OpenAIVideo {
  id: string;
  object: 'video';
  model: string;
  status: string;
  progress: number;
  created_at: number;
  completed_at: number | null;
  expires_at: number | null;
  prompt: string;
  seconds: string;
  size: string;
  remixed_from_video_id: string | null;
  error: { code: string; message: string } | null;
  meta: TaskMeta;
}

export interface FakeOpenAIVideosOptions {
  /** The API key to require; none = no auth. */
  key?: string;
  /** How long `#slow` submits wait (ms). */
  slowMs?: number;
}

/** A running fake OpenAI Videos API. */
export interface FakeOpenAIVideos extends FakeBase, TaskDriver {
  tasks: Map<string, OpenAIVideo>;
}

const lifecycle = {
  success: ['queued', 'in_progress:10', 'in_progress:50', 'in_progress:90', 'completed'],
  failAfter: 3,
  failure: 'failed',
  unknown: 'unknown',
};
const sizesOf = (model: string): string[] =>
  model.startsWith('sora-2-pro')
    ? ['720x1280', '1280x720', '1024x1792', '1792x1024']
    : ['720x1280', '1280x720'];
const modelPattern = /^sora-2(-pro)?(-\d{4}-\d{2}-\d{2})?$/;
const defaultError = 'Your request was blocked by our moderation system.';

/** An OpenAI error body. */
export const openaiError = (
  message: string,
  code: string | null = null,
  param: string | null = null,
  type = 'invalid_request_error',
) => ({ error: { message, type, param, code } });

const seconds = () => Math.floor(Date.now() / 1000);

/** What the API sends for a video. */
export function videoWire(v: OpenAIVideo): Omit<OpenAIVideo, 'meta'> {
  const { meta: _meta, ...wire } = v;
  return wire;
}

type Ask = { prompt: string; model: string; seconds: unknown; size: string };

/** The create fields of a JSON or multipart body. */
function askOf(x: Exchange): Ask | null {
  const fields: Record<string, unknown> | undefined =
    x.req.form ?? (isRecord(x.req.body) ? x.req.body : undefined);
  if (!fields) return null;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  return {
    prompt: text('prompt'),
    model: text('model') || 'sora-2',
    seconds: fields.seconds ?? '4',
    size: text('size') || '720x1280',
  };
}

/** Why a create is invalid, as an OpenAI 400 body; null when valid. */
function invalidAsk(ask: Ask) {
  if (!ask.prompt) {
    return openaiError(
      "Missing required parameter: 'prompt'.",
      'missing_required_parameter',
      'prompt',
    );
  }
  if (!modelPattern.test(ask.model)) {
    return openaiError(
      `Invalid value: '${ask.model}'. Supported values are: 'sora-2' and 'sora-2-pro'.`,
      'invalid_value',
      'model',
    );
  }
  if (typeof ask.seconds !== 'string' || !['4', '8', '12'].includes(ask.seconds)) {
    return openaiError(
      `Invalid value: '${String(ask.seconds)}'. Supported values are: '4', '8', and '12'.`,
      'invalid_value',
      'seconds',
    );
  }
  const sizes = sizesOf(ask.model);
  if (!sizes.includes(ask.size)) {
    return openaiError(
      `Invalid value: '${ask.size}'. Supported values are: ${sizes.map((s) => `'${s}'`).join(', ')}.`,
      'invalid_value',
      'size',
    );
  }
  return null;
}

/** Starts a fake OpenAI Videos API; see the file's comment for its behaviour and markers. */
export async function startFakeOpenAIVideos(
  options: FakeOpenAIVideosOptions = {},
): Promise<FakeOpenAIVideos> {
  const tasks = new Map<string, OpenAIVideo>();
  const slowMs = options.slowMs ?? defaultSlowMs;

  const apply = (v: OpenAIVideo, stage: string): void => {
    const [status = '', progress] = stage.split(':');
    v.status = status;
    if (progress) v.progress = Number(progress);
    if (status === 'completed') {
      v.progress = 100;
      v.completed_at = seconds();
      v.expires_at = v.completed_at + 3600;
    }
    if (status === 'failed') {
      v.error = { code: 'moderation_blocked', message: v.meta.reason ?? defaultError };
    }
  };
  const drive = driveTasks(tasks, { apply, success: 'completed', failure: 'failed' });
  const known = (id: string) => {
    const v = tasks.get(id);
    return v && v.meta.fate !== 'vanish' ? v : undefined;
  };
  const notFound = (x: Exchange, id: string) =>
    json(
      x.res,
      404,
      openaiError(`Video with id '${id}' not found.`, 'video_not_found', 'video_id'),
    );

  async function create(x: Exchange, from?: OpenAIVideo): Promise<void> {
    const ask = askOf(x);
    if (!ask) return json(x.res, 400, openaiError('The request body must be JSON or multipart.'));
    if (from) Object.assign(ask, { model: from.model, seconds: from.seconds, size: from.size });
    const invalid = invalidAsk(ask);
    if (invalid) return json(x.res, 400, invalid);
    const markers = markersOf(ask.prompt);
    if (markers.has('refuse')) {
      return json(x.res, 400, openaiError(defaultError, 'moderation_blocked', 'prompt'));
    }
    const fate = fateOf(markers);
    const v: OpenAIVideo = {
      id: `video_${randomBytes(24).toString('hex')}`,
      object: 'video',
      model: ask.model,
      status: 'queued',
      progress: 0,
      created_at: seconds(),
      completed_at: null,
      expires_at: null,
      prompt: ask.prompt,
      seconds: String(ask.seconds),
      size: ask.size,
      remixed_from_video_id: from?.id ?? null,
      error: null,
      meta: { fate, plan: planFor(fate, lifecycle), stage: 0 },
    };
    tasks.set(v.id, v);
    await slowIf(markers, slowMs);
    json(x.res, 200, videoWire(v));
  }

  function content(x: Exchange): void {
    const id = x.params[0] ?? '';
    const v = known(id);
    if (!v) return notFound(x, id);
    const variant = x.req.query.variant ?? 'video';
    if (!['video', 'thumbnail', 'spritesheet'].includes(variant)) {
      return json(
        x.res,
        400,
        openaiError(`Invalid value: '${variant}'.`, 'invalid_value', 'variant'),
      );
    }
    if (v.status !== 'completed') {
      return json(
        x.res,
        400,
        openaiError(
          `Video '${id}' is not ready yet: its status is ${v.status}.`,
          'video_not_ready',
        ),
      );
    }
    const [type, bytes] = variant === 'video' ? ['video/mp4', MP4] : ['image/png', PNG];
    x.res.writeHead(200, { 'content-type': type, 'content-length': bytes.length }).end(bytes);
  }

  function list(x: Exchange): void {
    const all = [...tasks.values()].filter((v) => v.meta.fate !== 'vanish').map(videoWire);
    if (x.req.query.order !== 'asc') all.reverse();
    const after = x.req.query.after;
    const start = after ? all.findIndex((v) => v.id === after) + 1 : 0;
    const limit = Math.max(1, Number(x.req.query.limit) || 20);
    const data = all.slice(start, start + limit);
    json(x.res, 200, {
      object: 'list',
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: start + limit < all.length,
    });
  }

  const video = /^\/v1\/videos\/([^/]+)$/;
  const fake = await startServer({
    routes: [
      { method: 'POST', pattern: /^\/v1\/videos$/, kind: 'submit', handle: (x) => create(x) },
      { method: 'GET', pattern: /^\/v1\/videos$/, kind: 'other', handle: list },
      {
        method: 'GET',
        pattern: video,
        kind: 'query',
        handle: (x) => {
          const v = known(x.params[0] ?? '');
          if (!v) return notFound(x, x.params[0] ?? '');
          json(x.res, 200, videoWire(drive.read(v)));
        },
      },
      {
        method: 'DELETE',
        pattern: video,
        kind: 'other',
        handle: (x) => {
          const id = x.params[0] ?? '';
          if (!known(id)) return notFound(x, id);
          tasks.delete(id);
          json(x.res, 200, { id, object: 'video.deleted', deleted: true });
        },
      },
      {
        method: 'GET',
        pattern: /^\/v1\/videos\/([^/]+)\/content$/,
        kind: 'other',
        handle: content,
      },
      {
        method: 'POST',
        pattern: /^\/v1\/videos\/([^/]+)\/remix$/,
        kind: 'submit',
        handle: (x) => {
          const id = x.params[0] ?? '';
          const from = known(id);
          if (!from) return notFound(x, id);
          if (from.status !== 'completed') {
            return json(
              x.res,
              400,
              openaiError(
                `Video '${id}' must be completed to be remixed.`,
                'invalid_value',
                'video_id',
              ),
            );
          }
          return create(x, from);
        },
      },
    ],
    record: (req) => req,
    authorize: (req) =>
      options.key && req.headers.authorization !== `Bearer ${options.key}`
        ? {
            status: 401,
            body: openaiError('Incorrect API key provided.', 'invalid_api_key'),
          }
        : null,
    errorBody: (status, message) =>
      status === 429
        ? openaiError('Rate limit reached for requests.', '429', null, 'requests')
        : openaiError(
            message,
            status >= 500 ? 'server_error' : null,
            null,
            status >= 500 ? 'server_error' : 'invalid_request_error',
          ),
  });
  return Object.assign(fake, {
    tasks,
    advanceAll: drive.advanceAll,
    finish: drive.finish,
    fail: drive.fail,
  });
}

import { randomUUID } from 'node:crypto';
import { field, isRecord, json, startServer, type Exchange, type FakeBase } from './common.js';
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
 * A fake Suno-API (the upstream of new-api's Suno channel) on 127.0.0.1.
 *
 * Wire: `Authorization: Bearer <token>` when `token` is set (else 401 in the envelope);
 * envelope `{code, message, data}` (`success`, or `invalid_request` 400 / `internal_error` 500);
 * times in seconds.
 * - `POST /suno/submit/{music|lyrics}` (any case) → `{"code":"success","message":"","data":"<uuid>"}`;
 *   another action, a body that is not JSON, lyrics without `prompt`, or a continuation
 *   (`continue_clip_id`) without `task_id` → 400 `invalid_request`.
 * - `POST /suno/fetch {"ids":[…]}` → `data: [{id, created_at, updated_at, task_id, action,
 *   status, fail_reason, submit_time, start_time, finish_time, search_item, data}]`, unknown
 *   and vanished ids left out; `GET /suno/fetch/{id}` → `data` = that task's `data` only.
 *
 * Lifecycle (music), one stage per fetch: NOT_START → SUBMITTED → QUEUED → IN_PROGRESS →
 * SUCCESS; `data` is two clips whose status goes submitted → queued → streaming (audio and
 * image) → complete (video, large image, `metadata.duration`). Lyrics are stored SUCCESS at once
 * with `data = {id, status: "complete", title, text}` (their task id is the lyrics id).
 *
 * Markers (in `prompt` or `gpt_description_prompt`): `#fail` fails after IN_PROGRESS
 * (`fail_reason` "The song could not be generated", clips `error`; lyrics fail at once),
 * `#never` stays IN_PROGRESS, `#unknown` reads UNKNOWN forever, `#vanish` is left out of
 * fetches, `#refuse` → 400 `invalid_request` "prompt is invalid", `#slow` answers the submit
 * after `slowMs` (default 2000 ms).
 */

/** Suno's metadata of a clip. */
export interface SunoClipMetadata {
  tags: string;
  prompt: string;
  gpt_description_prompt: string | null;
  audio_prompt_id: null;
  history: null;
  type: string;
  duration: number | null;
  refund_credits: null;
  stream: boolean;
  error_type: string | null;
  error_message: string | null;
}

/** One song of a music task, as Suno's feed gives it. */
export interface SunoClip {
  id: string;
  video_url: string;
  audio_url: string;
  image_url: string;
  image_large_url: string;
  is_video_pending: boolean;
  major_model_version: string;
  model_name: string;
  created_at: string;
  status: string;
  title: string;
  play_count: number;
  upvote_count: number;
  is_public: boolean;
  metadata: SunoClipMetadata;
}

/** The `data` of a lyrics task. */
export interface SunoLyrics {
  id: string;
  status: string;
  title: string;
  text: string;
}

/** The fake's bookkeeping on a task. */
export interface SunoMeta extends TaskMeta {
  clipIds: [string, string];
  title: string;
  tags: string;
  mv: string;
  prompt: string;
  description: string;
}

/** A task as Suno-API's fetch returns it (plus `meta`, never sent). */
export interface SunoTask {
  id: number;
  created_at: string;
  updated_at: string;
  task_id: string;
  action: 'MUSIC' | 'LYRICS';
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  search_item: string;
  data: SunoClip[] | SunoLyrics;
  meta: SunoMeta;
}

export interface FakeSunoOptions {
  /** The bearer token to require; none = no auth. */
  token?: string;
  /** How long `#slow` submits wait (ms). */
  slowMs?: number;
}

/** A running fake Suno-API. */
export interface FakeSuno extends FakeBase, TaskDriver {
  tasks: Map<string, SunoTask>;
}

export const sunoFailReason = 'The song could not be generated';
const lifecycle = {
  success: ['NOT_START', 'SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS'],
  failAfter: 4,
  failure: 'FAILURE',
  unknown: 'UNKNOWN',
};
const clipStatusOf: Readonly<Record<string, string>> = {
  NOT_START: 'submitted',
  SUBMITTED: 'submitted',
  QUEUED: 'queued',
  IN_PROGRESS: 'streaming',
  SUCCESS: 'complete',
  FAILURE: 'error',
};

const seconds = () => Math.floor(Date.now() / 1000);
const envelope = (code: string, message: string, data: unknown = null) => ({
  code,
  message,
  data,
});
const refuse = (x: Exchange, status: number, message: string) =>
  json(x.res, status, envelope(status >= 500 ? 'internal_error' : 'invalid_request', message));

/** What fetch sends for a task. */
export function sunoWire(t: SunoTask): Omit<SunoTask, 'meta'> {
  const { meta: _meta, ...wire } = t;
  return wire;
}

/** Starts a fake Suno-API; see the file's comment for its behaviour and markers. */
export async function startFakeSuno(options: FakeSunoOptions = {}): Promise<FakeSuno> {
  const tasks = new Map<string, SunoTask>();
  const slowMs = options.slowMs ?? defaultSlowMs;
  let base = '';
  let rows = 0;

  function clip(t: SunoTask, i: 0 | 1, status: string): SunoClip {
    const id = t.meta.clipIds[i];
    const playing = status === 'streaming' || status === 'complete';
    const complete = status === 'complete';
    const failed = status === 'error';
    return {
      id,
      video_url: complete ? `${base}/files/${id}.mp4` : '',
      audio_url: playing ? `${base}/files/${id}.mp3` : '',
      image_url: playing ? `${base}/files/${id}.png` : '',
      image_large_url: complete ? `${base}/files/${id}-large.png` : '',
      is_video_pending: !complete,
      major_model_version: t.meta.mv.replace(/^chirp-/, '').replace('-', '.'),
      model_name: 'chirp-v3',
      created_at: t.created_at,
      status,
      title: t.meta.title,
      play_count: 0,
      upvote_count: 0,
      is_public: false,
      metadata: {
        tags: t.meta.tags,
        prompt: t.meta.prompt,
        gpt_description_prompt: t.meta.description || null,
        audio_prompt_id: null,
        history: null,
        type: 'gen',
        duration: complete ? 121.32 + i * 9.5 : null,
        refund_credits: null,
        stream: true,
        error_type: failed ? 'moderation_failure' : null,
        error_message: failed ? t.fail_reason : null,
      },
    };
  }

  function applyLyrics(t: SunoTask, data: SunoLyrics, stage: string): void {
    t.status = stage;
    t.finish_time = seconds();
    data.status = stage === 'FAILURE' ? 'error' : 'complete';
    if (stage === 'FAILURE') t.fail_reason = t.meta.reason ?? 'The lyrics could not be written';
  }

  function apply(t: SunoTask, stage: string): void {
    t.updated_at = new Date().toISOString();
    if (!Array.isArray(t.data)) return applyLyrics(t, t.data, stage);
    t.status = stage;
    if (stage === 'UNKNOWN') return;
    const now = seconds();
    if (stage === 'IN_PROGRESS' || stage === 'SUCCESS' || stage === 'FAILURE') {
      t.start_time ||= now;
    }
    if (stage === 'SUCCESS' || stage === 'FAILURE') t.finish_time = now;
    if (stage === 'FAILURE') t.fail_reason = t.meta.reason ?? sunoFailReason;
    const status = clipStatusOf[stage] ?? 'submitted';
    t.data = [clip(t, 0, status), clip(t, 1, status)];
  }

  const drive = driveTasks(tasks, { apply, success: 'SUCCESS', failure: 'FAILURE' });
  const known = (id: string) => {
    const t = tasks.get(id);
    return t && t.meta.fate !== 'vanish' ? t : undefined;
  };

  function store(action: SunoTask['action'], body: Record<string, unknown>, taskId: string) {
    const prompt = field(body, 'prompt');
    const description = field(body, 'gpt_description_prompt');
    const fate = fateOf(`${prompt} ${description}`);
    const now = new Date().toISOString();
    const title =
      field(body, 'title') || (description || prompt).split(/\s+/).slice(0, 4).join(' ');
    const t: SunoTask = {
      id: ++rows,
      created_at: now,
      updated_at: now,
      task_id: taskId,
      action,
      status: 'NOT_START',
      fail_reason: '',
      submit_time: seconds(),
      start_time: 0,
      finish_time: 0,
      search_item: '',
      data: [],
      meta: {
        fate,
        plan:
          action === 'LYRICS'
            ? [fate === 'fail' ? 'FAILURE' : 'SUCCESS']
            : planFor(fate, lifecycle),
        stage: 0,
        clipIds: [randomUUID(), randomUUID()],
        title: title || 'Untitled',
        tags: field(body, 'tags'),
        mv: field(body, 'mv') || 'chirp-v3-0',
        prompt,
        description,
      },
    };
    if (action === 'LYRICS') {
      t.start_time = t.submit_time;
      t.data = { id: taskId, status: 'complete', title: t.meta.title, text: lyricsOf(prompt) };
    }
    apply(t, t.meta.plan[0] ?? 'NOT_START');
    tasks.set(taskId, t);
    return t;
  }

  async function submit(x: Exchange): Promise<void> {
    const action = (x.params[0] ?? '').toUpperCase();
    if (action !== 'MUSIC' && action !== 'LYRICS') return refuse(x, 400, 'invalid action');
    const body = x.req.body;
    if (!isRecord(body)) return refuse(x, 400, 'invalid character in request body');
    const markers = markersOf(`${field(body, 'prompt')} ${field(body, 'gpt_description_prompt')}`);
    if (action === 'LYRICS' && !field(body, 'prompt')) return refuse(x, 400, 'prompt is empty');
    if (field(body, 'continue_clip_id') && !field(body, 'task_id')) {
      return refuse(x, 400, 'task_id is empty');
    }
    if (markers.has('refuse')) return refuse(x, 400, 'prompt is invalid');
    const t = store(action, body, randomUUID());
    await slowIf(markers, slowMs);
    json(x.res, 200, envelope('success', '', t.task_id));
  }

  function fetchMany(x: Exchange): void {
    const body = x.req.body;
    const ids: unknown = isRecord(body) ? (body.ids ?? []) : undefined;
    if (!Array.isArray(ids)) return refuse(x, 400, 'invalid request body');
    const found = [...new Set(ids.map(String))].flatMap((id) => {
      const t = known(id);
      return t ? [sunoWire(drive.read(t))] : [];
    });
    json(x.res, 200, envelope('success', '', found));
  }

  function fetchOne(x: Exchange): void {
    const t = known(x.params[0] ?? '');
    if (!t) return refuse(x, 400, 'task not exist');
    json(x.res, 200, envelope('success', '', drive.read(t).data));
  }

  const fake = await startServer({
    routes: [
      { method: 'POST', pattern: /^\/suno\/submit\/([^/]+)$/, kind: 'submit', handle: submit },
      { method: 'POST', pattern: /^\/suno\/fetch$/, kind: 'query', handle: fetchMany },
      { method: 'GET', pattern: /^\/suno\/fetch\/([^/]+)$/, kind: 'query', handle: fetchOne },
    ],
    record: (req) => req,
    authorize: (req) =>
      options.token && req.headers.authorization !== `Bearer ${options.token}`
        ? { status: 401, body: envelope('invalid_request', 'unauthorized secret token') }
        : null,
    errorBody: (status, message) =>
      envelope(status >= 500 ? 'internal_error' : 'invalid_request', message),
  });
  base = fake.url;
  return Object.assign(fake, {
    tasks,
    advanceAll: drive.advanceAll,
    finish: drive.finish,
    fail: drive.fail,
  });
}

function lyricsOf(prompt: string): string {
  return `[Verse]\n${prompt}\nThe morning hums a quiet tune\n\n[Chorus]\n${prompt}, stay a while\nWe sing it slow, we sing it true`;
}

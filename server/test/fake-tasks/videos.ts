import { createHmac, randomUUID } from 'node:crypto';
import { field, json, MP4, startFake, type Exchange, type FakeServer } from './common.js';
import { fateOf, type Fate } from './task-lifecycle.js';

/**
 * Fake video upstreams on 127.0.0.1: OpenAI's Videos API (Sora) and Kling. Videos advance
 * one step each time they are read (queued → in_progress → completed, or failed for `#fail`;
 * `#never` never ends); results are MP4 bytes served by the fake itself.
 */

export interface FakeVideo {
  id: string;
  model: string;
  prompt: string;
  seconds: string;
  size: string;
  status: string;
  progress: number;
  created_at: number;
  completed_at: number | null;
  error: { code: string; message: string } | null;
  remixed_from_video_id: string | null;
  fate: Fate;
}

export interface FakeOpenAIVideos extends FakeServer {
  videos: Map<string, FakeVideo>;
  /** `rateLimitPolls`: answer that many next polls with 429 and an OpenAI error body. */
  knobs: { rateLimitPolls: number };
}

const sizes: Record<string, string[]> = {
  'sora-2': ['720x1280', '1280x720'],
  'sora-2-pro': ['720x1280', '1280x720', '1024x1792', '1792x1024'],
};

/** The text fields of a multipart body (enough for `prompt`, `model`, `seconds`, `size`). */
export function multipartFields(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of body.matchAll(/name="([^"]+)"\r\n\r\n([^\r]*)\r\n/g)) out[m[1]!] = m[2]!;
  return out;
}

const openaiError = (x: Exchange, status: number, message: string, code: string | null = null) =>
  json(x.res, status, { error: { message, type: 'invalid_request_error', param: null, code } });

export async function startFakeOpenAIVideos(
  options: { key?: string } = {},
): Promise<FakeOpenAIVideos> {
  const videos = new Map<string, FakeVideo>();
  const knobs = { rateLimitPolls: 0 };

  function step(v: FakeVideo) {
    if (v.status === 'completed' || v.status === 'failed') return;
    if (v.status === 'queued') {
      v.status = 'in_progress';
      v.progress = 40;
    } else if (v.fate !== 'never') {
      v.completed_at = Math.floor(Date.now() / 1000);
      if (v.fate === 'fail') {
        v.status = 'failed';
        v.error = { code: 'moderation_blocked', message: 'The video was blocked by moderation' };
      } else {
        v.status = 'completed';
        v.progress = 100;
      }
    }
  }
  const wire = ({ fate: _f, ...v }: FakeVideo) => ({ ...v, object: 'video' });

  function create(x: Exchange, from?: FakeVideo) {
    const body = x.req.body;
    const fields =
      typeof body === 'string' ? multipartFields(body) : ((body ?? {}) as Record<string, string>);
    const prompt = field(fields, 'prompt');
    if (!prompt) return openaiError(x, 400, 'prompt is required');
    const model = from?.model ?? (field(fields, 'model') || 'sora-2');
    const seconds = from?.seconds ?? (String(fields.seconds ?? '') || '4');
    const size = from?.size ?? (field(fields, 'size') || '720x1280');
    if (!['4', '8', '12'].includes(seconds))
      return openaiError(x, 400, `invalid seconds ${seconds}`);
    if (!(sizes[model] ?? []).includes(size))
      return openaiError(x, 400, `invalid size ${size}`, 'invalid_size');
    if (prompt.includes('#refuse'))
      return openaiError(x, 400, 'Your request was rejected by the safety system');
    const v: FakeVideo = {
      id: `video_${randomUUID().replace(/-/g, '')}`,
      model,
      prompt,
      seconds,
      size,
      status: 'queued',
      progress: 0,
      created_at: Math.floor(Date.now() / 1000),
      completed_at: null,
      error: null,
      remixed_from_video_id: from?.id ?? null,
      fate: fateOf(prompt),
    };
    videos.set(v.id, v);
    json(x.res, 200, wire(v));
  }

  const fake = await startFake(
    [
      ['POST', /^\/v1\/videos$/, (x) => create(x)],
      [
        'GET',
        /^\/v1\/videos\/([^/]+)$/,
        (x) => {
          if (knobs.rateLimitPolls > 0) {
            knobs.rateLimitPolls--;
            return json(x.res, 429, {
              error: { message: 'Rate limit reached', type: 'requests', code: '429' },
            });
          }
          const v = videos.get(x.params[0] ?? '');
          if (!v || v.fate === 'vanish') return openaiError(x, 404, 'Video not found');
          step(v);
          json(x.res, 200, wire(v));
        },
      ],
      [
        'GET',
        /^\/v1\/videos\/([^/]+)\/content$/,
        (x) => {
          const v = videos.get(x.params[0] ?? '');
          if (!v) return openaiError(x, 404, 'Video not found');
          if (v.status !== 'completed') return openaiError(x, 400, 'Video is not ready yet');
          x.res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4);
        },
      ],
      [
        'POST',
        /^\/v1\/videos\/([^/]+)\/remix$/,
        (x) => {
          const from = videos.get(x.params[0] ?? '');
          if (!from) return openaiError(x, 404, 'Video not found');
          create(x, from);
        },
      ],
    ],
    (req) => !options.key || req.headers.authorization === `Bearer ${options.key}`,
  );
  return Object.assign(fake, { videos, knobs });
}

export interface FakeKlingTask {
  task_id: string;
  kind: string;
  task_status: string;
  task_status_msg: string;
  created_at: number;
  updated_at: number;
  fate: Fate;
}

export interface FakeKling extends FakeServer {
  tasks: Map<string, FakeKlingTask>;
}

/** Verifies an HS256 JWT signed with `secret` whose `iss` is `accessKey` and that is valid now. */
function verifyJwt(token: string, accessKey: string, secret: string): boolean {
  const [head, payload, signature] = token.split('.');
  if (!head || !payload || !signature) return false;
  const expected = createHmac('sha256', secret).update(`${head}.${payload}`).digest('base64url');
  if (expected !== signature) return false;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    iss?: string;
    exp?: number;
    nbf?: number;
  };
  const now = Math.floor(Date.now() / 1000);
  return claims.iss === accessKey && (claims.exp ?? 0) > now && (claims.nbf ?? 0) <= now;
}

export async function startFakeKling(options: {
  accessKey: string;
  secretKey: string;
}): Promise<FakeKling> {
  const tasks = new Map<string, FakeKlingTask>();
  let base = '';
  const now = () => Math.floor(Date.now() / 1000);
  const envelope = (x: Exchange, data: unknown, code = 0, message = 'SUCCEED', status = 200) =>
    json(x.res, status, { code, message, request_id: randomUUID(), data });

  function step(t: FakeKlingTask) {
    if (t.task_status === 'succeed' || t.task_status === 'failed') return;
    t.updated_at = now();
    if (t.task_status === 'submitted') t.task_status = 'processing';
    else if (t.fate === 'fail') {
      t.task_status = 'failed';
      t.task_status_msg = 'Content did not pass review';
    } else if (t.fate !== 'never') t.task_status = 'succeed';
  }
  const dataOf = (t: FakeKlingTask) => ({
    task_id: t.task_id,
    task_status: t.task_status,
    task_status_msg: t.task_status_msg,
    created_at: t.created_at,
    updated_at: t.updated_at,
    task_result:
      t.task_status === 'succeed'
        ? {
            videos: [
              { id: `${t.task_id}-v`, url: `${base}/files/${t.task_id}.mp4`, duration: '5' },
            ],
          }
        : { videos: [] },
    final_unit_deduction: t.task_status === 'succeed' ? '1' : '0',
  });

  const fake = await startFake(
    [
      [
        'POST',
        /^\/v1\/videos\/(text2video|image2video)$/,
        (x) => {
          const prompt = field(x.req.body, 'prompt');
          if (x.params[0] === 'image2video' && !field(x.req.body, 'image')) {
            return envelope(x, null, 1201, 'image is required', 400);
          }
          if (prompt.includes('#refuse'))
            return envelope(x, null, 1301, 'prompt did not pass review', 400);
          const t: FakeKlingTask = {
            task_id: `kling${randomUUID().replace(/-/g, '').slice(0, 16)}`,
            kind: x.params[0] ?? '',
            task_status: 'submitted',
            task_status_msg: '',
            created_at: now(),
            updated_at: now(),
            fate: fateOf(prompt),
          };
          tasks.set(t.task_id, t);
          envelope(x, dataOf(t));
        },
      ],
      [
        'GET',
        /^\/v1\/videos\/(text2video|image2video)\/([^/]+)$/,
        (x) => {
          const t = tasks.get(x.params[1] ?? '');
          if (!t || t.kind !== x.params[0] || t.fate === 'vanish')
            return envelope(x, null, 1203, 'task not found', 404);
          step(t);
          envelope(x, dataOf(t));
        },
      ],
      [
        'GET',
        /^\/files\/(.+)$/,
        (x) => void x.res.writeHead(200, { 'content-type': 'video/mp4' }).end(MP4),
      ],
    ],
    (req) => {
      const auth = String(req.headers.authorization ?? '');
      return (
        auth.startsWith('Bearer ') && verifyJwt(auth.slice(7), options.accessKey, options.secretKey)
      );
    },
  );
  base = fake.url;
  return Object.assign(fake, { tasks });
}

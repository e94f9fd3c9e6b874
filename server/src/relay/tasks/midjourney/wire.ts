import type { FastifyReply, FastifyRequest } from 'fastify';
import { mjForwardUrlEnabled } from '../../../config/settings/groups/general.js';
import type { AppContext } from '../../../context.js';
import type { DrawingRow } from '../../../db/queries/tasks.js';
import type { TaskUpdate } from '../../../domain/tasks/task-types.js';
import type { CachedToken } from '../../../domain/tokens/token-cache.js';
import { AppError, toAppError } from '../../../errors.js';
import { clientMessage, markRetryAfter } from '../../relay-errors.js';

/** Midjourney-Proxy's words: its task object and answers, and ours in its shape. */

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function parseJson<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T | null) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * A task object from the upstream (fetch, list-by-condition or callback) as the table's
 * update: status, progress, failure reason, times (ms), results, buttons and properties
 * (without the echoed `notifyHook`).
 */
export function toUpdate(task: Record<string, unknown>): TaskUpdate {
  const status = str(task.status) || 'SUBMITTED';
  const update: TaskUpdate = {
    status,
    progress: str(task.progress) || (status === 'SUCCESS' ? '100%' : '0%'),
    failReason: str(task.failReason),
  };
  if (num(task.startTime)) update.startTime = num(task.startTime);
  if (num(task.finishTime)) update.finishTime = num(task.finishTime);
  if (str(task.imageUrl)) update.imageUrl = str(task.imageUrl);
  if (str(task.videoUrl)) update.videoUrl = str(task.videoUrl);
  if (Array.isArray(task.videoUrls)) {
    update.videoUrls = task.videoUrls
      .map((v: unknown) =>
        typeof v === 'string'
          ? v
          : v && typeof v === 'object'
            ? str((v as { url?: unknown }).url)
            : '',
      )
      .filter((url) => url !== '');
  }
  if (Array.isArray(task.buttons)) update.buttons = task.buttons as unknown[];
  if (task.properties && typeof task.properties === 'object' && !Array.isArray(task.properties)) {
    // The hook the upstream echoes is our signed callback address: never stored or shown.
    const { notifyHook: _hook, ...properties } = task.properties as Record<string, unknown>;
    update.properties = properties;
  }
  if (str(task.promptEn)) update.promptEn = str(task.promptEn);
  if (str(task.description)) update.description = str(task.description);
  return update;
}

/** How result images are handed out: `origin`, `relay` (through the gateway) or `proxy`. */
type ImageMode = 'origin' | 'relay' | 'proxy';

/** The key's image mode, else the site's default (`relay` when forwarding is on). */
function imageModeOf(ctx: AppContext, token: CachedToken | null): ImageMode {
  const configured = token?.mj.image_proxy_mode ?? '';
  if (configured) return configured;
  return ctx.settings.get(mjForwardUrlEnabled) ? 'relay' : 'origin';
}

/** An upstream image URL as the client may load it in `mode`. */
function imageLink(
  row: DrawingRow,
  upstreamUrl: string,
  origin: string,
  mode: ImageMode,
  proxyUrl: string,
): string {
  if (upstreamUrl === '' || mode === 'origin') return upstreamUrl;
  if (mode === 'proxy' && proxyUrl) {
    try {
      const url = new URL(upstreamUrl);
      return proxyUrl.replace(/\/+$/, '') + url.pathname + url.search;
    } catch {
      return upstreamUrl;
    }
  }
  // A preview changes while the drawing runs: a fresh address keeps caches from holding it.
  const rand = row.status === 'SUCCESS' ? '' : `&rand=${Date.now()}`;
  return `${origin}/mj/image/${row.mj_id}?t=${row.image_token}${rand}`;
}

/**
 * The image of a drawing as a client may load it, by the key's image mode (else the
 * default): `origin` the upstream's URL, `relay` the gateway's image route with the
 * drawing's unguessable token (`&rand=` while it is not finished), `proxy` the upstream URL
 * on the key's proxy host. `origin` is the gateway's public origin.
 */
export function imageUrlFor(
  ctx: AppContext,
  row: DrawingRow,
  origin: string,
  token: CachedToken | null,
): string {
  return imageLink(
    row,
    row.image_url,
    origin,
    imageModeOf(ctx, token),
    token?.mj.image_proxy_url ?? '',
  );
}

/**
 * A drawing as Midjourney-Proxy describes a task, with our public id, never the upstream's;
 * our own keys (the client's hook) are not shown.
 */
export function taskObject(
  ctx: AppContext,
  row: DrawingRow,
  origin: string,
  token: CachedToken | null,
): Record<string, unknown> {
  const properties = parseJson<Record<string, unknown>>(row.properties, {});
  delete properties.clientNotifyHook;
  delete properties.notifyHook;
  return {
    id: row.mj_id,
    action: row.action,
    customId: '',
    botType: '',
    prompt: row.prompt,
    promptEn: row.prompt_en,
    description: row.description,
    state: row.state,
    mode: row.mode,
    submitTime: Number(row.submit_time),
    startTime: Number(row.start_time),
    finishTime: Number(row.finish_time),
    imageUrl: imageUrlFor(ctx, row, origin, token),
    videoUrl: row.video_url,
    videoUrls: parseJson<unknown[]>(row.video_urls, []).map((url) =>
      typeof url === 'string' ? { url } : url,
    ),
    status: row.status || 'NOT_START',
    progress: row.progress,
    failReason: row.fail_reason,
    buttons: parseJson<unknown[]>(row.buttons, []),
    maskBase64: '',
    properties,
  };
}

/**
 * The upstream's `properties` of a submit answer as the client may see them: an image it
 * names is handed out in the key's image mode, never the upstream's task ids.
 */
export function clientProperties(
  ctx: AppContext,
  row: DrawingRow | undefined,
  properties: Record<string, unknown>,
  origin: string,
  token: CachedToken | null,
): Record<string, unknown> {
  const out = { ...properties };
  delete out.notifyHook;
  if (typeof out.imageUrl === 'string') {
    out.imageUrl = row
      ? imageLink(
          row,
          out.imageUrl,
          origin,
          imageModeOf(ctx, token),
          token?.mj.image_proxy_url ?? '',
        )
      : '';
  }
  return out;
}

/** The Midjourney code of a gateway error: 3 not found, 30 saturated or limited, else 4. */
function codeOf(error: AppError, status: number): number {
  if (status === 404 || error.id === 'no_available_channel') return 3;
  if (status === 429) return 30;
  if (status >= 500) return 9;
  return 4;
}

/**
 * Answers a gateway error in Midjourney-Proxy's shape, `{code, description, type, result:
 * null, properties: {}}`, with the error's HTTP status (400 for plain business errors) and the
 * description in the caller's language. Unexpected failures are logged and answer 500 without
 * details.
 */
export function sendMjError(error: unknown, req: FastifyRequest, reply: FastifyReply): void {
  const appError = toAppError(error);
  const status = appError.status === 200 ? 400 : appError.status;
  if (status >= 500 && !(error instanceof AppError))
    req.log.error({ err: error }, 'midjourney request failed');
  markRetryAfter(error, reply);
  void reply.code(status).send({
    code: codeOf(appError, status),
    description: clientMessage(appError, req),
    type: appError.id,
    result: null,
    properties: {},
  });
}

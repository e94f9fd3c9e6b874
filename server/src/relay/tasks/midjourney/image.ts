import type { FastifyReply, FastifyRequest } from 'fastify';
import { ProxyAgent, request, type Dispatcher } from 'undici';
import type { AppContext } from '../../../context.js';
import { findDrawing } from '../../../db/queries/tasks.js';
import { AppError, forbidden } from '../../../errors.js';
import { authenticateKey } from '../../steps/authenticate-caller.js';
import { sameSecret } from './notify.js';

/** How long the upstream may take to start, and to finish, sending an image. */
const headersTimeoutMs = 30_000;
const bodyTimeoutMs = 60_000;

/** Whether the request carries an API key (the owner may load their images by key). */
const hasKey = (req: FastifyRequest): boolean =>
  Boolean(req.headers.authorization || req.headers['mj-api-secret'] || req.headers['x-api-key']);

/** The host of a URL, '' when it is not one. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * GET `/mj/image/:id` (any mode prefix): a drawing's image, to whoever holds its link
 * (`?t=<image token>`) or to its owner by API key; 403 without either, 404 for an unknown id.
 * The stored upstream URL is fetched only when its host is the drawing's channel host (403
 * otherwise), through the channel's proxy, never following a redirect; the body is streamed
 * with the upstream's Content-Type. An upstream that fails answers 502.
 */
export async function serveImage(
  ctx: AppContext,
  req: FastifyRequest<{ Params: { id: string }; Querystring: { t?: unknown } }>,
  reply: FastifyReply,
): Promise<void> {
  const { id } = req.params;
  const row = await findDrawing(ctx.db, id);
  if (!row) throw new AppError('task_not_found', { id: id.slice(0, 32) }, 404);
  const t = req.query.t;
  const linked = typeof t === 'string' && row.image_token !== '' && sameSecret(t, row.image_token);
  if (!linked) {
    if (!hasKey(req)) throw forbidden('task_image_forbidden');
    const who = await authenticateKey(ctx, req, 'openai');
    if (who.caller.userId !== row.user_id) throw forbidden('task_image_forbidden');
  }
  if (row.image_url === '') throw new AppError('task_not_finished', { id: row.mj_id }, 404);
  const channel = ctx.channels.get(row.channel_id);
  const source = hostOf(row.image_url);
  if (!channel || source === '' || source !== hostOf(channel.baseUrl)) {
    throw forbidden('task_image_forbidden');
  }
  const proxy =
    typeof channel.setting.proxy === 'string' && /^https?:\/\//.test(channel.setting.proxy)
      ? new ProxyAgent(channel.setting.proxy)
      : undefined;
  const closeProxy = () => void proxy?.close().catch(() => undefined);
  const answer = await request(row.image_url, {
    method: 'GET',
    dispatcher: proxy as Dispatcher | undefined,
    headersTimeout: headersTimeoutMs,
    bodyTimeout: bodyTimeoutMs,
  }).catch(() => null);
  if (!answer || answer.statusCode !== 200) {
    await answer?.body.dump().catch(() => undefined);
    closeProxy();
    throw new AppError('upstream_unreachable', undefined, 502);
  }
  answer.body.once('close', closeProxy);
  const type = answer.headers['content-type'];
  await reply
    .header('content-type', typeof type === 'string' && type !== '' ? type : 'image/png')
    .header('cache-control', 'private, max-age=86400')
    .send(answer.body);
}

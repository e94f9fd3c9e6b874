import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { submitPaths } from './actions.js';
import { serveImage } from './image.js';
import { notifyDrawing } from './notify.js';
import { fetchDrawing, imageSeed, listDrawingsByIds } from './queries.js';
import { submitDrawing } from './submit.js';
import { sendMjError } from './wire.js';

/** The speed-mode prefixes every Midjourney route is also served under ('' = none). */
const modePrefixes = ['', '/mj-fast', '/mj-relax', '/mj-turbo'] as const;

/**
 * The Midjourney-Proxy routes, in their own plugin scope that answers every error in
 * Midjourney-Proxy's shape:
 *
 * - `POST /mj/submit/{imagine, change, simple-change, describe, blend, action, modal, shorten,
 *   edits, video, upload-discord-images}` and `POST /mj/insight-face/swap`: charged drawings;
 * - `GET /mj/task/:id/fetch`, `POST /mj/task/list-by-condition` (and `list-by-ids`): the
 *   caller's own drawings; `GET /mj/task/:id/image-seed`: asked of the drawing's channel;
 * - `GET /mj/image/:id`: the image, by its link token or to its owner;
 *
 * all also under `/mj-fast`, `/mj-relax` and `/mj-turbo` (the prefix sets the speed mode), and
 * `POST /mj/notify/:channelId/:sig`, the upstream's signed callback.
 */
export async function registerMidjourneyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler((error, req, reply) => sendMjError(error, req, reply));
    for (const prefix of modePrefixes) {
      const mode = prefix.replace('/mj-', '');
      for (const path of Object.keys(submitPaths)) {
        scope.post(`${prefix}/mj${path}`, (req, reply) =>
          submitDrawing(ctx, req, reply, path, mode),
        );
      }
      scope.get<{ Params: { id: string } }>(`${prefix}/mj/task/:id/fetch`, (req, reply) =>
        fetchDrawing(ctx, req, reply),
      );
      for (const list of ['list-by-condition', 'list-by-ids']) {
        scope.post(`${prefix}/mj/task/${list}`, (req, reply) => listDrawingsByIds(ctx, req, reply));
      }
      scope.get<{ Params: { id: string } }>(`${prefix}/mj/task/:id/image-seed`, (req, reply) =>
        imageSeed(ctx, req, reply),
      );
      scope.get<{ Params: { id: string }; Querystring: { t?: unknown } }>(
        `${prefix}/mj/image/:id`,
        (req, reply) => serveImage(ctx, req, reply),
      );
    }
    scope.post<{ Params: { channelId: string; sig: string } }>(
      '/mj/notify/:channelId/:sig',
      (req, reply) => notifyDrawing(ctx, req, reply),
    );
  });
}

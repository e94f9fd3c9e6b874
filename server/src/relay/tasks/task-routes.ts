import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { registerMidjourneyRoutes } from './midjourney/routes.js';
import { registerSunoRoutes } from './suno/routes.js';
import { registerVideoRoutes } from './video/routes.js';

/**
 * Mounts the asynchronous task routes of every platform (`/mj`, `/suno`, `/v1/videos`,
 * `/kling`); each platform answers its errors in its own protocol's shape.
 */
export async function registerTaskRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerMidjourneyRoutes(app, ctx);
  await registerSunoRoutes(app, ctx);
  await registerVideoRoutes(app, ctx);
}

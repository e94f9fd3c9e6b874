import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';

/** A module of management routes. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

/** Every management route module; a new resource is one import and one entry here. */
const modules: RouteModule[] = [];

/** Mounts every management route. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const register of modules) await register(app, ctx);
}

import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { authenticate, type AuthUser } from './middleware/with-session.js';

/** Who may call a route: anyone, or a signed-in user with at least this role. */
export type Access = 'public' | number;

/** A management route: its address, its schemas (validation + OpenAPI) and who may call it. */
export interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags?: string[];
  access: Access;
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of `data` in the success envelope, for the OpenAPI document; none: `data` is null. */
  response?: z.ZodType;
  /**
   * Media type of a success answer that is not the envelope (a CSV download, a PDF, a
   * provider's plain-text acknowledgement), for the OpenAPI document.
   */
  answerType?: string;
  /** Media types of a request body taken raw rather than as JSON (a PDF upload, a form post). */
  bodyTypes?: readonly string[];
}

/** What a handler receives: validated input and the caller. */
export interface RouteInput<B, Q, P, U> {
  body: B;
  query: Q;
  params: P;
  user: U;
  req: FastifyRequest;
  reply: FastifyReply;
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** Every route defined through `defineRoute`, for the OpenAPI document. */
export const routeCatalog: Array<RouteSpec<z.ZodType, z.ZodType, z.ZodType>> = [];

/**
 * Registers a thin route: catch up with queued settlements, validate, authorize, act,
 * respond. The handler's result is wrapped in `{success: true, message: '', data}` unless it
 * has already replied.
 */
export function defineRoute<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  P extends z.ZodType = z.ZodType,
  A extends Access = Access,
>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: RouteSpec<B, Q, P> & { access: A },
  handler: (
    input: RouteInput<Infer<B>, Infer<Q>, Infer<P>, A extends number ? AuthUser : AuthUser | null>,
  ) => Promise<unknown>,
): void {
  routeCatalog.push(spec as unknown as RouteSpec<z.ZodType, z.ZodType, z.ZodType>);
  app.route({
    method: spec.method,
    url: spec.url,
    handler: async (req, reply) => {
      // What a route reads includes every answer the relay delivered before it.
      await ctx.billing.flush();
      const user = spec.access === 'public' ? null : await authenticate(ctx, req, spec.access);
      if (user) req.authUser = user;
      const input = {
        body: spec.body ? spec.body.parse(req.body ?? {}) : undefined,
        query: spec.query ? spec.query.parse(req.query ?? {}) : undefined,
        params: spec.params ? spec.params.parse(req.params ?? {}) : undefined,
        user,
        req,
        reply,
      } as RouteInput<Infer<B>, Infer<Q>, Infer<P>, A extends number ? AuthUser : AuthUser | null>;
      const data = await handler(input);
      if (reply.sent) return reply;
      return { success: true, message: '', data: data ?? null };
    },
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `defineRoute` once the caller is authenticated. */
    authUser?: AuthUser;
  }
}

/** A module of management routes. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => void | Promise<void>;

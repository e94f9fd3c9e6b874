import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { createInitialRoot } from './domain/users/setup.js';
import { AppError } from './errors.js';
import { handleError } from './http/error-handler.js';
import { sendAnswerHeaders } from './http/middleware/answer-headers.js';
import { acceptCompressedBodies } from './http/request-encoding.js';
import { registerRoutes } from './http/routes/index.js';
import { registerStaticSite } from './http/static-site.js';
import { timeOrderedId } from './lib/random.js';
import { nestsDeeperThan } from './lib/json-depth.js';
import { requestLogger } from './lib/request-logger.js';
import { registerRelayRoutes } from './relay/relay-routes.js';
import { registerTaskRoutes } from './relay/tasks/task-routes.js';
import { sendUnroutedRelayError } from './relay/unrouted-errors.js';

/** Builds the HTTP application on a context. Tests call this and use `app.inject`. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    // One log line per relay request would cost more than the relay itself.
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's child logger is made when the request logs (relay requests rarely do).
    childLoggerFactory: requestLogger,
    trustProxy: ctx.env.trustProxy,
    bodyLimit: ctx.env.bodyLimit,
    genReqId: timeOrderedId,
    requestIdHeader: false,
    // A malformed URL or an over-long path parameter is refused before any route (and its
    // error handler) is chosen: answer it in the shape of the protocol its path belongs to.
    frameworkErrors: (error, req, reply) => {
      if (!sendUnroutedRelayError(error, req, reply)) handleError(error, req, reply);
    },
  });
  await app.register(fastifyCookie, { secret: ctx.env.sessionSecret, hook: false });
  acceptEmptyJsonBodies(app);
  acceptCompressedBodies(app, ctx.env.bodyLimit);
  sendAnswerHeaders(app);
  app.setErrorHandler((error, req, reply) => handleError(error, req, reply));
  ctx.metrics.observeHttpRequests(app);
  await createInitialRoot(ctx);
  await registerRoutes(app, ctx);
  await registerRelayRoutes(app, ctx);
  await registerTaskRoutes(app, ctx);
  await registerStaticSite(app, ctx.env.webDist);
  return app;
}

/**
 * Deepest nesting a JSON body may have. Bodies are walked and written again (to the upstream,
 * to logs) by recursive code, `JSON.stringify` included, which overflows the call stack a few
 * thousand levels down; no API request needs more than a few dozen.
 */
const maxJsonDepth = 512;

/**
 * JSON bodies as Fastify parses them (prototype poisoning refused), except that a bodiless
 * request with a JSON content type is an empty body rather than a 400: common clients send
 * POSTs without a body that way, and the one-api contract accepts them. A body nested deeper
 * than `maxJsonDepth` is refused with 400 before it is parsed.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.decorateRequest('jsonText', '');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (body === '') {
      done(null, undefined);
      return;
    }
    if (nestsDeeperThan(body as string, maxJsonDepth)) {
      const detail = `JSON nested deeper than ${maxJsonDepth} levels`;
      done(new AppError('invalid_request', { detail }, 400), undefined);
      return;
    }
    req.jsonText = body as string;
    parseJson(req, body as string, done);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The JSON body as the client sent it ('' for none): the relay may forward it untouched. */
    jsonText: string;
  }
}

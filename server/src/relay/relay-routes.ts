import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { ClientFormat } from './adaptors/adaptor.js';
import { registerPreflight } from './cors.js';
import { registerDashboardRoutes } from './dashboard-routes.js';
import { registerModelRoutes } from './models-routes.js';
import { registerPlayground } from './playground.js';
import { RelayContext, type RelayEndpoint, type RouteHints } from './relay-context.js';
import { sendRelayError } from './relay-errors.js';
import { runRelay } from './relay-request.js';
import { closeUpstreamPools } from './upstream/upstream-pools.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Relay routes: the client wire format their errors are rendered in. */
    relayFormat?: ClientFormat;
  }
}

/** OpenAI endpoints relayed as they are (besides chat completions). */
const forwarded: Array<[string, RelayEndpoint]> = [
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/engines/:model/embeddings', 'embeddings'],
  ['/v1/images/generations', 'images/generations'],
  ['/v1/images/edits', 'images/edits'],
  ['/v1/audio/speech', 'audio/speech'],
  ['/v1/audio/transcriptions', 'audio/transcriptions'],
  ['/v1/audio/translations', 'audio/translations'],
  ['/v1/moderations', 'moderations'],
  ['/v1/rerank', 'rerank'],
  ['/v1/responses', 'responses'],
];

/** OpenAI paths the gateway does not serve: 501 in OpenAI's error shape. */
const notImplemented = [
  '/v1/images/variations',
  '/v1/files',
  '/v1/files/*',
  '/v1/fine-tunes',
  '/v1/fine-tunes/*',
  '/v1/fine_tuning/*',
  '/v1/batches',
  '/v1/batches/*',
];

/** The format whose error shape a relay request gets. */
export const formatOf = (req: FastifyRequest): ClientFormat =>
  req.routeOptions.config.relayFormat ?? 'openai';

/** Gemini's `{model}:{action}` path tail. */
function geminiHints(tail: string): RouteHints & { action: string } {
  const colon = tail.lastIndexOf(':');
  const model = (colon === -1 ? tail : tail.slice(0, colon)).replace(/^models\//, '');
  const action = colon === -1 ? '' : tail.slice(colon + 1);
  return { model, stream: action === 'streamGenerateContent', action };
}

/**
 * A handler that runs the relay pipeline for one format and endpoint. It returns nothing:
 * `runRelay` answers every request itself, errors included, so Fastify has no promise to
 * follow.
 */
export function relayHandler(ctx: AppContext, format: ClientFormat, endpoint: RelayEndpoint) {
  return (req: FastifyRequest, reply: FastifyReply): void => {
    const hints: RouteHints = {};
    if (endpoint === 'embeddings') {
      const model = (req.params as { model?: string }).model;
      if (model) hints.model = model;
    }
    void runRelay(new RelayContext(ctx, req, reply, format, endpoint, hints));
  };
}

function geminiHandler(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): void {
  const { action, ...hints } = geminiHints((req.params as { '*': string })['*']);
  if (action !== 'generateContent' && action !== 'streamGenerateContent') {
    sendRelayError('gemini', new AppError('api_not_implemented', undefined, 501), req, reply);
    return;
  }
  void runRelay(new RelayContext(ctx, req, reply, 'gemini', 'chat', hints));
}

/**
 * Mounts the relay (`/v1`, `/v1beta`, `/dashboard`, `/pg`) in its own scope: multipart bodies
 * stay raw bytes for the upstream, and every error is answered in the caller's wire format.
 */
export async function registerRelayRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Once the server has stopped and its requests are done, the upstream connections go too.
  app.addHook('onClose', () => closeUpstreamPools());
  await app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.setErrorHandler((error, req, reply) => sendRelayError(formatOf(req), error, req, reply));
    const openai = { relayFormat: 'openai' as const };
    scope.post('/v1/chat/completions', { config: openai }, relayHandler(ctx, 'openai', 'chat'));
    for (const [url, endpoint] of forwarded) {
      scope.post(url, { config: openai }, relayHandler(ctx, 'openai', endpoint));
    }
    scope.post(
      '/v1/messages',
      { config: { relayFormat: 'anthropic' } },
      relayHandler(ctx, 'anthropic', 'chat'),
    );
    for (const url of ['/v1beta/models/*', '/v1/models/*']) {
      scope.post(url, { config: { relayFormat: 'gemini' } }, (req, reply) =>
        geminiHandler(ctx, req, reply),
      );
    }
    const unimplemented = async (req: FastifyRequest, reply: FastifyReply) => {
      sendRelayError('openai', new AppError('api_not_implemented', undefined, 501), req, reply);
      return reply;
    };
    for (const url of notImplemented) scope.all(url, { config: openai }, unimplemented);
    scope.delete('/v1/models/:model', { config: openai }, unimplemented);
    registerPreflight(scope);
    registerModelRoutes(scope, ctx);
    registerDashboardRoutes(scope, ctx);
    registerPlayground(scope, ctx);
  });
}

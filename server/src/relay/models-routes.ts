import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasPrice } from '../billing/pricing.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { ClientFormat } from './adaptors/adaptor.js';
import { corsHeader } from './cors.js';
import { sendRelayError } from './relay-errors.js';
import { authenticateKey } from './steps/authenticate-caller.js';

/** A fixed creation time for listed models (OpenAI clients only display it). */
const created = 1_700_000_000;
const createdIso = new Date(created * 1000).toISOString();

/** The format a model list is asked in: Anthropic and Gemini clients are told by headers. */
function listFormat(req: FastifyRequest): ClientFormat {
  if (req.url.startsWith('/v1beta/models')) return 'gemini';
  if (req.url.startsWith('/v1beta/openai/')) return 'openai';
  if (req.headers['x-api-key'] && req.headers['anthropic-version']) return 'anthropic';
  const query = req.query as Record<string, unknown> | undefined;
  if (req.headers['x-goog-api-key'] || typeof query?.key === 'string') return 'gemini';
  return 'openai';
}

/**
 * Models the key may use: its group's routed models that have a price (a call to an unpriced
 * one would be refused), narrowed by the key's model limits.
 */
async function modelsOf(ctx: AppContext, req: FastifyRequest, format: ClientFormat) {
  const { caller, usingGroup } = await authenticateKey(ctx, req, format);
  const limits = caller.token?.modelLimits;
  return ctx.channels
    .modelsForGroup(usingGroup)
    .filter((m) => hasPrice(ctx.settings, m) && (!limits || limits.has(m)));
}

const openaiModel = (id: string) => ({ id, object: 'model', created, owned_by: 'system' });
const anthropicModel = (id: string) => ({
  type: 'model',
  id,
  display_name: id,
  created_at: createdIso,
});
const geminiModel = (id: string) => ({
  name: `models/${id}`,
  version: '001',
  displayName: id,
  description: '',
  supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
});

function listBody(format: ClientFormat, models: string[]): unknown {
  if (format === 'anthropic') {
    return {
      data: models.map(anthropicModel),
      has_more: false,
      first_id: models[0] ?? null,
      last_id: models.at(-1) ?? null,
    };
  }
  if (format === 'gemini') return { models: models.map(geminiModel) };
  return { object: 'list', data: models.map(openaiModel) };
}

/** `GET /v1/models`, `/v1/models/:model`, `/v1beta/models`, `/v1beta/openai/models`. */
export function registerModelRoutes(scope: FastifyInstance, ctx: AppContext): void {
  const list = async (req: FastifyRequest, reply: FastifyReply) => {
    const format = listFormat(req);
    try {
      return await reply
        .headers(corsHeader)
        .send(listBody(format, await modelsOf(ctx, req, format)));
    } catch (error) {
      sendRelayError(format, error, req, reply);
      return reply;
    }
  };
  for (const url of ['/v1/models', '/v1beta/models', '/v1beta/openai/models']) scope.get(url, list);
  const one = async (req: FastifyRequest, reply: FastifyReply) => {
    const format = listFormat(req);
    const { model } = req.params as { model: string };
    try {
      if (!(await modelsOf(ctx, req, format)).includes(model)) {
        throw new AppError('model_not_found', { model }, 404);
      }
      return await reply
        .headers(corsHeader)
        .send(
          format === 'anthropic'
            ? anthropicModel(model)
            : format === 'gemini'
              ? geminiModel(model)
              : openaiModel(model),
        );
    } catch (error) {
      sendRelayError(format, error, req, reply);
      return reply;
    }
  };
  scope.get('/v1/models/:model', one);
  scope.get('/v1beta/models/:model', one);
}

import { normalizeOpenAIUsage, emptyUsage, type Usage } from '../../../billing/usage.js';
import type {
  ChannelConfig,
  ForwardCapability,
  ForwardEndpoint,
  ForwardInput,
  UpstreamRequest,
} from '../adaptor.js';
import { invalidRequest } from '../errors/adaptor-error.js';
import { isObject } from '../shared/json.js';
import { createOpenAIPassthroughTranslator } from './passthrough-stream.js';

/** Where a forwarded endpoint goes: URL and auth headers (no content type). */
export type ForwardTarget = (
  channel: ChannelConfig,
  endpoint: ForwardEndpoint,
  model: string,
) => { url: string; headers: Record<string, string> };

function rerankUsage(usage: unknown): Usage | null {
  if (!isObject(usage)) return null;
  const tokens = usage.prompt_tokens ?? usage.total_tokens;
  return typeof tokens === 'number' ? { ...emptyUsage(), promptTokens: tokens } : null;
}

/**
 * Forwarding of non-chat OpenAI endpoints: JSON bodies get the upstream model (and
 * `include_usage` for completions streams); multipart bodies are sent byte for byte.
 */
export function createOpenAIForward(
  endpoints: readonly ForwardEndpoint[],
  target: ForwardTarget,
): ForwardCapability {
  const served = new Set(endpoints);
  return {
    endpoints: served,
    buildRequest(input: ForwardInput): UpstreamRequest {
      if (!served.has(input.endpoint))
        throw invalidRequest(`${input.endpoint} is not served by this channel`);
      const { url, headers } = target(input.channel, input.endpoint, input.model);
      if ('raw' in input.body) {
        headers['content-type'] = input.body.contentType;
        return { method: 'POST', url, headers, body: input.body.raw };
      }
      if (!isObject(input.body.json)) throw invalidRequest('request body must be a JSON object');
      const body: Record<string, unknown> = { ...input.body.json, model: input.model };
      if (input.stream && input.endpoint === 'completions') {
        const options = isObject(body.stream_options) ? body.stream_options : {};
        body.stream_options = { ...options, include_usage: true };
      }
      headers['content-type'] = 'application/json';
      return { method: 'POST', url, headers, body: JSON.stringify(body) };
    },
    usage(endpoint, json) {
      if (!isObject(json)) return null;
      if (endpoint === 'rerank') return rerankUsage(json.usage);
      return normalizeOpenAIUsage(json.usage);
    },
    createStreamTranslator(endpoint, ctx) {
      return createOpenAIPassthroughTranslator(
        endpoint === 'completions' ? 'completions' : 'events',
        ctx,
      );
    },
  };
}

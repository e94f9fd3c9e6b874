import type { Adaptor, ChannelConfig, ListModelsCapability } from '../adaptor.js';
import type { OpenAICompatiblePreset } from '../presets.js';
import { isObject } from '../shared/json.js';
import { joinUrl } from '../shared/url.js';
import { createBalanceCapability } from './balance.js';
import {
  buildOpenAIChatBody,
  createOpenAIChatStreamTranslator,
  parseOpenAIChatResponse,
  passedOpenAIChatUsage,
} from './chat.js';
import { createOpenAIForward } from './forward.js';

function authHeaders(channel: ChannelConfig): Record<string, string> {
  const headers: Record<string, string> = { authorization: `Bearer ${channel.key}` };
  if (channel.organization) headers['openai-organization'] = channel.organization;
  return headers;
}

/** Reads `{data:[{id}]}` model lists (OpenAI and compatible vendors). */
export function parseOpenAIModelList(json: unknown): string[] {
  const data = isObject(json) && Array.isArray(json.data) ? json.data : [];
  return data.flatMap((m) => (isObject(m) && typeof m.id === 'string' ? [m.id] : []));
}

/** Where chat requests to a channel go, and with which headers. */
interface ChatTarget {
  url: string;
  headers: Readonly<Record<string, string>>;
}

/** Creates the adaptor of an OpenAI-compatible upstream from its preset. */
export function createOpenAICompatibleAdaptor(preset: OpenAICompatiblePreset): Adaptor {
  const url = (channel: ChannelConfig, path: string): string =>
    joinUrl(channel.baseUrl || preset.baseUrl, preset.apiPrefix + path);
  // Built once per channel object (the channel cache makes a new one when a channel changes)
  // rather than per request; nothing writes to the headers after they are built.
  const chatTargets = new WeakMap<ChannelConfig, ChatTarget>();
  const chatTarget = (channel: ChannelConfig): ChatTarget => {
    let target = chatTargets.get(channel);
    if (!target) {
      target = {
        url: url(channel, '/chat/completions'),
        headers: Object.freeze({ ...authHeaders(channel), 'content-type': 'application/json' }),
      };
      chatTargets.set(channel, target);
    }
    return target;
  };
  const listModels: ListModelsCapability = {
    request: (channel) => ({
      method: 'GET',
      url: url(channel, '/models'),
      headers: authHeaders(channel),
    }),
    parse: parseOpenAIModelList,
  };
  return {
    name: preset.name,
    defaultBaseUrl: preset.baseUrl,
    nativeFormat: 'openai',
    models: preset.models,
    buildRequest(input) {
      const { url, headers } = chatTarget(input.channel);
      return { method: 'POST', url, headers, body: buildOpenAIChatBody(input, true) };
    },
    parseResponse: parseOpenAIChatResponse,
    passedUsage: passedOpenAIChatUsage,
    createStreamTranslator: createOpenAIChatStreamTranslator,
    ...(preset.endpoints.length > 0 && {
      forward: createOpenAIForward(preset.endpoints, (channel, endpoint) => ({
        url: url(channel, `/${endpoint}`),
        headers: authHeaders(channel),
      })),
    }),
    ...(preset.listModels && { listModels }),
    ...(preset.balance && { balance: createBalanceCapability(preset.balance, preset.baseUrl) }),
  };
}

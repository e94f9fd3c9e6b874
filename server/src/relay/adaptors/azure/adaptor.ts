import type { Adaptor, ChannelConfig, ForwardEndpoint } from '../adaptor.js';
import {
  buildOpenAIChatBody,
  createOpenAIChatStreamTranslator,
  parseOpenAIChatResponse,
  passedOpenAIChatUsage,
} from '../openai/chat.js';
import { createOpenAIForward } from '../openai/forward.js';
import { openAIModels } from '../presets.js';
import { joinUrl } from '../shared/url.js';

/** The api-version used when the channel's `other` column is empty. */
export const DEFAULT_AZURE_API_VERSION = '2023-03-15-preview';
/** The first api-version that accepts `stream_options` (older ones reject unknown fields). */
const STREAM_USAGE_SINCE = '2024-09-01';

const ENDPOINTS: readonly ForwardEndpoint[] = [
  'completions',
  'embeddings',
  'images/generations',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
];

/** The deployment name of a model: dots removed, as Azure deployment names are in one-api. */
export function azureDeployment(model: string): string {
  return model.replaceAll('.', '');
}

function azureUrl(channel: ChannelConfig, model: string, task: string): string {
  const version = channel.other || DEFAULT_AZURE_API_VERSION;
  const path = `/openai/deployments/${encodeURIComponent(azureDeployment(model))}/${task}`;
  return `${joinUrl(channel.baseUrl, path)}?api-version=${encodeURIComponent(version)}`;
}

/** Azure OpenAI: OpenAI bodies on deployment URLs with an `api-key` header. */
export const azureAdaptor: Adaptor = {
  name: 'Azure OpenAI',
  defaultBaseUrl: '',
  nativeFormat: 'openai',
  models: openAIModels,
  buildRequest(input) {
    const version = input.channel.other || DEFAULT_AZURE_API_VERSION;
    return {
      method: 'POST',
      url: azureUrl(input.channel, input.model, 'chat/completions'),
      headers: { 'api-key': input.channel.key, 'content-type': 'application/json' },
      body: buildOpenAIChatBody(input, version >= STREAM_USAGE_SINCE),
    };
  },
  parseResponse: parseOpenAIChatResponse,
  passedUsage: passedOpenAIChatUsage,
  createStreamTranslator: createOpenAIChatStreamTranslator,
  forward: createOpenAIForward(ENDPOINTS, (channel, endpoint, model) => ({
    url: azureUrl(channel, model, endpoint),
    headers: { 'api-key': channel.key },
  })),
};

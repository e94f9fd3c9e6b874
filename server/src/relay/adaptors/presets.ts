import { ChannelType } from '@gateway/shared';
import type { VendorModels } from '../../domain/channels/upstream-gateway.js';
import type { ForwardEndpoint } from './adaptor.js';
import type { BalanceKind } from './openai/balance.js';

/** An OpenAI-compatible upstream, described as data. */
export interface OpenAICompatiblePreset {
  /** Channel type id (new-api `constant/channel.go`). */
  type: number;
  /** Vendor name shown in logs and the console. */
  name: string;
  /** Default base URL; empty when the channel must provide one. */
  baseUrl: string;
  /** Path between the base URL and `/chat/completions` (usually `/v1`). */
  apiPrefix: string;
  /** Non-chat OpenAI endpoints the vendor serves. */
  endpoints: readonly ForwardEndpoint[];
  /** Whether `{prefix}/models` lists the key's models. */
  listModels: boolean;
  /** The vendor's balance endpoint, when it has one. */
  balance?: BalanceKind;
  /** The vendor's own model names, when it has a family of them. */
  models?: VendorModels;
}

/** OpenAI's models (Azure serves the same ones; videos come with the Sora platform). */
export const openAIModels: VendorModels = {
  owner: 'openai',
  pattern:
    /^(gpt-|chatgpt-|o\d(-|$)|text-embedding-(3|ada)|(text|omni)-moderation|tts-|whisper-|dall-e)/,
};

const ALL: readonly ForwardEndpoint[] = [
  'completions',
  'embeddings',
  'images/generations',
  'images/edits',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
  'moderations',
  'rerank',
  'responses',
];

/** Every OpenAI-compatible upstream the gateway knows. Adding one is adding a line here. */
export const OPENAI_COMPATIBLE_PRESETS: readonly OpenAICompatiblePreset[] = [
  {
    type: ChannelType.openai,
    name: 'OpenAI',
    baseUrl: 'https://api.openai.com',
    apiPrefix: '/v1',
    endpoints: ALL.filter((e) => e !== 'rerank'),
    listModels: true,
    balance: 'openai-dashboard',
    models: openAIModels,
  },
  {
    type: ChannelType.ollama,
    name: 'Ollama',
    baseUrl: 'http://127.0.0.1:11434',
    apiPrefix: '/v1',
    endpoints: ['completions', 'embeddings'],
    listModels: true,
  },
  // Any OpenAI-compatible server, including other one-api/new-api gateways.
  {
    type: ChannelType.custom,
    name: 'Custom',
    baseUrl: '',
    apiPrefix: '/v1',
    endpoints: ALL,
    listModels: true,
    balance: 'openai-dashboard',
  },
  {
    type: ChannelType.ali,
    name: 'Ali (DashScope compatible mode)',
    baseUrl: 'https://dashscope.aliyuncs.com',
    apiPrefix: '/compatible-mode/v1',
    endpoints: ['embeddings'],
    listModels: false,
  },
  {
    type: ChannelType.openRouter,
    name: 'OpenRouter',
    baseUrl: 'https://openrouter.ai/api',
    apiPrefix: '/v1',
    endpoints: ['completions'],
    listModels: true,
    balance: 'openrouter',
  },
  {
    type: ChannelType.moonshot,
    name: 'Moonshot',
    baseUrl: 'https://api.moonshot.cn',
    apiPrefix: '/v1',
    endpoints: [],
    listModels: true,
    balance: 'moonshot',
    models: { owner: 'moonshot', pattern: /^(moonshot-|kimi-)/ },
  },
  {
    type: ChannelType.zhipuV4,
    name: 'Zhipu (GLM v4)',
    baseUrl: 'https://open.bigmodel.cn',
    apiPrefix: '/api/paas/v4',
    endpoints: ['embeddings', 'images/generations'],
    listModels: false,
  },
  {
    type: ChannelType.perplexity,
    name: 'Perplexity',
    baseUrl: 'https://api.perplexity.ai',
    apiPrefix: '',
    endpoints: [],
    listModels: false,
  },
  {
    type: ChannelType.lingYiWanWu,
    name: 'LingYiWanWu',
    baseUrl: 'https://api.lingyiwanwu.com',
    apiPrefix: '/v1',
    endpoints: [],
    listModels: true,
  },
  {
    type: ChannelType.siliconFlow,
    name: 'SiliconFlow',
    baseUrl: 'https://api.siliconflow.cn',
    apiPrefix: '/v1',
    endpoints: [
      'embeddings',
      'images/generations',
      'rerank',
      'audio/speech',
      'audio/transcriptions',
    ],
    listModels: true,
    balance: 'siliconflow',
  },
  {
    type: ChannelType.mistral,
    name: 'Mistral',
    baseUrl: 'https://api.mistral.ai',
    apiPrefix: '/v1',
    endpoints: ['embeddings', 'moderations'],
    listModels: true,
    models: { owner: 'mistralai', pattern: /^(mistral-|codestral|pixtral|ministral)/ },
  },
  {
    type: ChannelType.deepSeek,
    name: 'DeepSeek',
    baseUrl: 'https://api.deepseek.com',
    apiPrefix: '/v1',
    endpoints: ['completions'],
    listModels: true,
    balance: 'deepseek',
    models: { owner: 'deepseek', pattern: /^deepseek-/ },
  },
  {
    type: ChannelType.volcEngine,
    name: 'VolcEngine (Ark)',
    baseUrl: 'https://ark.cn-beijing.volces.com',
    apiPrefix: '/api/v3',
    endpoints: ['embeddings', 'images/generations'],
    listModels: false,
  },
  {
    type: ChannelType.xinference,
    name: 'Xinference',
    baseUrl: '',
    apiPrefix: '/v1',
    endpoints: [
      'embeddings',
      'rerank',
      'images/generations',
      'audio/speech',
      'audio/transcriptions',
    ],
    listModels: true,
  },
  {
    type: ChannelType.xai,
    name: 'xAI',
    baseUrl: 'https://api.x.ai',
    apiPrefix: '/v1',
    endpoints: ['images/generations', 'responses'],
    listModels: true,
    models: { owner: 'xai', pattern: /^grok-/ },
  },
];

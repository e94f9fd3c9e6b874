import { ChannelType, defaultAzureApiVersion } from '@gateway/shared';

/** What the editor knows about a channel type besides its id. */
export interface ChannelTypeInfo {
  name: string;
  /** Tag colour in the table. */
  color?: string;
}

/**
 * Display names and tag colours of the contract's channel types, for channels of any type
 * (addresses and what the relay serves come from `GET /api/channel/types`).
 */
export const channelTypes: Record<number, ChannelTypeInfo> = {
  1: { name: 'OpenAI', color: 'green' },
  2: { name: 'Midjourney Proxy', color: 'purple' },
  3: { name: 'Azure OpenAI', color: 'blue' },
  4: { name: 'Ollama', color: 'default' },
  5: { name: 'Midjourney Plus', color: 'purple' },
  8: { name: 'Custom (OpenAI compatible)', color: 'cyan' },
  14: { name: 'Anthropic Claude', color: 'orange' },
  15: { name: 'Baidu Wenxin' },
  16: { name: 'Zhipu' },
  17: { name: 'Ali DashScope' },
  18: { name: 'Xunfei Spark' },
  19: { name: '360 AI' },
  20: { name: 'OpenRouter', color: 'geekblue' },
  23: { name: 'Tencent Hunyuan' },
  24: { name: 'Google Gemini', color: 'gold' },
  25: { name: 'Moonshot' },
  26: { name: 'Zhipu GLM v4' },
  27: { name: 'Perplexity' },
  31: { name: 'LingYiWanWu' },
  33: { name: 'AWS Bedrock' },
  34: { name: 'Cohere' },
  35: { name: 'MiniMax' },
  36: { name: 'Suno API', color: 'magenta' },
  37: { name: 'Dify' },
  38: { name: 'Jina' },
  39: { name: 'Cloudflare' },
  40: { name: 'SiliconFlow' },
  41: { name: 'Vertex AI' },
  42: { name: 'Mistral' },
  43: { name: 'DeepSeek', color: 'blue' },
  44: { name: 'MokaAI' },
  45: { name: 'VolcEngine Ark' },
  46: { name: 'Baidu Qianfan v2' },
  47: { name: 'Xinference' },
  48: { name: 'xAI' },
  49: { name: 'Coze' },
};

/** The Azure OpenAI type: needs an endpoint and an API version. */
export const azureType = ChannelType.azure;

/** A type's display name (`#id` when unknown). */
export const channelTypeName = (type: number) => channelTypes[type]?.name ?? `#${type}`;

/** The API version used for Azure when the field is left empty. */
export const azureDefaultVersion = defaultAzureApiVersion;

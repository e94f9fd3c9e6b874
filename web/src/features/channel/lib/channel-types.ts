import { defaultAzureApiVersion } from '@gateway/shared';

/** What the editor knows about a channel type besides its id. */
export interface ChannelTypeInfo {
  name: string;
  /** Default upstream address, shown as the base URL placeholder; empty = must be given. */
  baseUrl?: string;
  /** Tag colour in the table. */
  color?: string;
}

/** Channel type names of the contract (new-api `constant/channel.go`), with known defaults. */
export const channelTypes: Record<number, ChannelTypeInfo> = {
  1: { name: 'OpenAI', baseUrl: 'https://api.openai.com', color: 'green' },
  2: { name: 'Midjourney Proxy', color: 'purple' },
  3: { name: 'Azure OpenAI', color: 'blue' },
  4: { name: 'Ollama', baseUrl: 'http://127.0.0.1:11434', color: 'default' },
  5: { name: 'Midjourney Plus', color: 'purple' },
  8: { name: 'Custom (OpenAI compatible)', baseUrl: '', color: 'cyan' },
  14: { name: 'Anthropic Claude', baseUrl: 'https://api.anthropic.com', color: 'orange' },
  15: { name: 'Baidu Wenxin' },
  16: { name: 'Zhipu' },
  17: { name: 'Ali DashScope', baseUrl: 'https://dashscope.aliyuncs.com' },
  18: { name: 'Xunfei Spark' },
  19: { name: '360 AI' },
  20: { name: 'OpenRouter', baseUrl: 'https://openrouter.ai/api', color: 'geekblue' },
  23: { name: 'Tencent Hunyuan' },
  24: {
    name: 'Google Gemini',
    baseUrl: 'https://generativelanguage.googleapis.com',
    color: 'gold',
  },
  25: { name: 'Moonshot', baseUrl: 'https://api.moonshot.cn' },
  26: { name: 'Zhipu GLM v4', baseUrl: 'https://open.bigmodel.cn' },
  27: { name: 'Perplexity', baseUrl: 'https://api.perplexity.ai' },
  31: { name: 'LingYiWanWu', baseUrl: 'https://api.lingyiwanwu.com' },
  33: { name: 'AWS Bedrock' },
  34: { name: 'Cohere' },
  35: { name: 'MiniMax' },
  36: { name: 'Suno API', color: 'magenta' },
  37: { name: 'Dify' },
  38: { name: 'Jina' },
  39: { name: 'Cloudflare' },
  40: { name: 'SiliconFlow', baseUrl: 'https://api.siliconflow.cn' },
  41: { name: 'Vertex AI' },
  42: { name: 'Mistral', baseUrl: 'https://api.mistral.ai' },
  43: { name: 'DeepSeek', baseUrl: 'https://api.deepseek.com', color: 'blue' },
  44: { name: 'MokaAI' },
  45: { name: 'VolcEngine Ark', baseUrl: 'https://ark.cn-beijing.volces.com' },
  46: { name: 'Baidu Qianfan v2' },
  47: { name: 'Xinference', baseUrl: '' },
  48: { name: 'xAI', baseUrl: 'https://api.x.ai' },
  49: { name: 'Coze' },
};

/** The Azure OpenAI type: needs an endpoint and an API version. */
export const azureType = 3;
/** The custom type: any OpenAI-compatible address, which must be given. */
export const customType = 8;

/** A type's display name (`#id` when unknown). */
export const channelTypeName = (type: number) => channelTypes[type]?.name ?? `#${type}`;

/** Whether the type needs a base URL (no default address). */
export const needsBaseUrl = (type: number) =>
  type === azureType || channelTypes[type]?.baseUrl === '';

/** The API version used for Azure when the field is left empty. */
export const azureDefaultVersion = defaultAzureApiVersion;

import { ChannelType } from '@gateway/shared';
import type { Source } from './source.js';

/**
 * Which gateway wrote the source. new-api kept one-api's tables and added columns, but
 * renumbered channel types from 26 up and measures a log's time in seconds (`use_time`)
 * where one-api measures milliseconds (`elapsed_time`).
 */
export type Flavor = 'one-api' | 'new-api';

/** new-api's own tables and columns; one-api has none of them. */
export function detectFlavor(source: Source): Flavor {
  const newApi =
    source.has('setups') ||
    source.has('midjourneys') ||
    source.has('top_ups') ||
    source.has('logs', 'use_time') ||
    source.has('users', 'setting');
  return newApi ? 'new-api' : 'one-api';
}

/**
 * A channel type here, and the address to use when the source left its base URL empty;
 * `type` is null for a type this gateway has no counterpart of.
 */
export interface TypeMapping {
  type: number | null;
  baseUrl?: string;
}

/** one-api's types whose ids new-api kept. */
const sameIds = new Set([1, 3, 8, 11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 31]);

/**
 * one-api's resellers of the OpenAI API (`relay/channeltype/define.go`), by type id, at their
 * default address: they become OpenAI channels there.
 */
const openAIResellers: Record<number, string> = {
  2: 'https://oa.api2d.net',
  4: 'https://api.closeai-proxy.xyz',
  5: 'https://api.openai-sb.com',
  6: 'https://api.openaimax.com',
  7: 'https://api.ohmygpt.com',
  9: 'https://api.caipacity.com',
  10: 'https://api.aiproxy.io',
  12: 'https://api.api2gpt.com',
  13: 'https://api.aigc2d.com',
  26: 'https://api.baichuan-ai.com',
  29: 'https://api.groq.com/openai',
  32: 'https://api.stepfun.com',
  39: 'https://api.together.xyz',
  41: 'https://api.novita.ai/v3/openai',
};

/** one-api's other types whose ids new-api changed, as this gateway's. */
const renumbered: Record<number, number> = {
  27: ChannelType.miniMax,
  28: ChannelType.mistral,
  30: ChannelType.ollama,
  33: ChannelType.aws,
  34: ChannelType.coze,
  35: ChannelType.cohere,
  36: ChannelType.deepSeek,
  37: ChannelType.cloudflare,
  40: ChannelType.volcEngine,
  42: ChannelType.vertexAi,
  44: ChannelType.siliconFlow,
  45: ChannelType.xai,
  47: ChannelType.baiduV2,
  // OpenAI-compatible, at the address the channel gives.
  50: ChannelType.openai,
};

/** The channel type here for a source channel's type. */
export function mapChannelType(flavor: Flavor, type: number): TypeMapping {
  if (flavor === 'new-api' || sameIds.has(type)) return { type };
  const reseller = openAIResellers[type];
  if (reseller) return { type: ChannelType.openai, baseUrl: reseller };
  return { type: renumbered[type] ?? null };
}

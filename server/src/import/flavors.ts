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
 * one-api's channel types (`relay/channeltype/define.go`) that differ from new-api's, which
 * this gateway uses. Resellers of the OpenAI API become OpenAI channels at their address.
 */
const oneApiTypes: Record<number, TypeMapping> = {
  2: { type: ChannelType.openai, baseUrl: 'https://oa.api2d.net' },
  4: { type: ChannelType.openai, baseUrl: 'https://api.closeai-proxy.xyz' },
  5: { type: ChannelType.openai, baseUrl: 'https://api.openai-sb.com' },
  6: { type: ChannelType.openai, baseUrl: 'https://api.openaimax.com' },
  7: { type: ChannelType.openai, baseUrl: 'https://api.ohmygpt.com' },
  9: { type: ChannelType.openai, baseUrl: 'https://api.caipacity.com' },
  10: { type: ChannelType.openai, baseUrl: 'https://api.aiproxy.io' },
  12: { type: ChannelType.openai, baseUrl: 'https://api.api2gpt.com' },
  13: { type: ChannelType.openai, baseUrl: 'https://api.aigc2d.com' },
  26: { type: ChannelType.openai, baseUrl: 'https://api.baichuan-ai.com' },
  27: { type: ChannelType.miniMax },
  28: { type: ChannelType.mistral },
  29: { type: ChannelType.openai, baseUrl: 'https://api.groq.com/openai' },
  30: { type: ChannelType.ollama },
  32: { type: ChannelType.openai, baseUrl: 'https://api.stepfun.com' },
  33: { type: ChannelType.aws },
  34: { type: ChannelType.coze },
  35: { type: ChannelType.cohere },
  36: { type: ChannelType.deepSeek },
  37: { type: ChannelType.cloudflare },
  39: { type: ChannelType.openai, baseUrl: 'https://api.together.xyz' },
  40: { type: ChannelType.volcEngine },
  41: { type: ChannelType.openai, baseUrl: 'https://api.novita.ai/v3/openai' },
  42: { type: ChannelType.vertexAi },
  44: { type: ChannelType.siliconFlow },
  45: { type: ChannelType.xai },
  47: { type: ChannelType.baiduV2 },
  50: { type: ChannelType.openai },
};

/** The channel type here for a source channel's type. */
export function mapChannelType(flavor: Flavor, type: number): TypeMapping {
  if (flavor === 'new-api' || sameIds.has(type)) return { type };
  return oneApiTypes[type] ?? { type: null };
}

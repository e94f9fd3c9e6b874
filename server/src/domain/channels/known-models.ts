import type { KnownModel, ModelsByChannelType } from '@gateway/shared';
import { defaultModelPrice, defaultModelRatio } from '../../config/settings/default-prices.js';
import { modelPrice, modelRatio } from '../../config/settings/groups/billing.js';
import type { Settings } from '../../config/settings/store.js';
import { ChannelType } from './channel-rows.js';

/** A vendor's models, recognised by name, and the channel types that serve them. */
interface ModelFamily {
  owner: string;
  pattern: RegExp;
  types: readonly number[];
}

/** Which upstreams serve which model names; Custom (8) gateways may serve any of them. */
const families: readonly ModelFamily[] = [
  {
    owner: 'openai',
    pattern:
      /^(gpt-|chatgpt-|o\d(-|$)|text-embedding-(3|ada)|(text|omni)-moderation|tts-|whisper-|dall-e)/,
    types: [ChannelType.openai, ChannelType.azure],
  },
  { owner: 'anthropic', pattern: /^claude-/, types: [ChannelType.anthropic] },
  { owner: 'google', pattern: /^(gemini-|gemma-|text-embedding-004)/, types: [ChannelType.gemini] },
  { owner: 'deepseek', pattern: /^deepseek-/, types: [ChannelType.deepSeek] },
  { owner: 'xai', pattern: /^grok-/, types: [ChannelType.xai] },
  {
    owner: 'mistralai',
    pattern: /^(mistral-|codestral|pixtral|ministral)/,
    types: [ChannelType.mistral],
  },
  { owner: 'moonshot', pattern: /^(moonshot-|kimi-)/, types: [ChannelType.moonshot] },
  { owner: 'cohere', pattern: /^rerank-/, types: [ChannelType.cohere] },
  {
    owner: 'midjourney',
    pattern: /^(mj_|swap_face$)/,
    types: [ChannelType.midjourney, ChannelType.midjourneyPlus],
  },
  { owner: 'suno', pattern: /^suno_/, types: [ChannelType.suno] },
  { owner: 'openai', pattern: /^sora-/, types: [ChannelType.sora, ChannelType.openai] },
  { owner: 'kling', pattern: /^kling-/, types: [ChannelType.kling] },
];

/** Fixed creation time of listed models (new-api's value; clients only display it). */
const created = 1_626_777_600;

/** Every priced model name: the built-in price list and the configured prices, sorted. */
function knownModelNames(settings: Settings): string[] {
  const maps = [
    defaultModelRatio,
    defaultModelPrice,
    settings.get(modelRatio),
    settings.get(modelPrice),
  ];
  return [...new Set(maps.flatMap((m) => Object.keys(m)))].sort();
}

/** One known model with its vendor and the channel types that serve it. */
function describe(model: string): KnownModel {
  const family = families.find((f) => f.pattern.test(model));
  const types = family ? [...family.types, ChannelType.custom] : [ChannelType.custom];
  return {
    id: model,
    object: 'model',
    created,
    owned_by: family?.owner ?? 'custom',
    channel_types: types.sort((a, b) => a - b),
  };
}

/** Every model the gateway knows a price for, with its vendor and channel types. */
export const listKnownModels = (settings: Settings): KnownModel[] =>
  knownModelNames(settings).map(describe);

/** Known model names by channel type, for every type the relay or a model family covers. */
export function knownModelsByChannelType(
  settings: Settings,
  servedTypes: readonly number[],
): ModelsByChannelType {
  const byType = new Map<number, string[]>();
  for (const type of [...servedTypes, ...families.flatMap((f) => f.types)]) {
    byType.set(type, []);
  }
  for (const model of listKnownModels(settings)) {
    for (const type of model.channel_types) byType.get(type)?.push(model.id);
  }
  const sorted = [...byType].sort(([a], [b]) => a - b);
  return Object.fromEntries(sorted.map(([type, models]) => [String(type), models]));
}

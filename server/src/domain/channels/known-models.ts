import type { KnownModel, ModelsByChannelType } from '@gateway/shared';
import { defaultModelPrice, defaultModelRatio } from '../../config/settings/default-prices.js';
import { modelPrice, modelRatio } from '../../config/settings/groups/billing.js';
import type { Settings } from '../../config/settings/store.js';
import { ChannelType } from './channel-rows.js';
import type { ModelFamily } from './upstream-gateway.js';

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

/**
 * One known model with its vendor and the channel types that serve it: those of every family
 * its name belongs to (adaptors declare them), and Custom (8) gateways, which may serve any.
 */
function describe(model: string, families: readonly ModelFamily[]): KnownModel {
  const matching = families.filter((f) => f.pattern.test(model));
  const types = new Set([...matching.flatMap((f) => f.types), ChannelType.custom]);
  return {
    id: model,
    object: 'model',
    created,
    owned_by: matching[0]?.owner ?? 'custom',
    channel_types: [...types].sort((a, b) => a - b),
  };
}

/** Every model the gateway knows a price for, with its vendor and channel types. */
export const listKnownModels = (
  settings: Settings,
  families: readonly ModelFamily[],
): KnownModel[] => knownModelNames(settings).map((model) => describe(model, families));

/** Known model names by channel type, for every type the relay serves. */
export function knownModelsByChannelType(
  settings: Settings,
  servedTypes: readonly number[],
  families: readonly ModelFamily[],
): ModelsByChannelType {
  const byType = new Map<number, string[]>();
  for (const type of servedTypes) byType.set(type, []);
  for (const model of listKnownModels(settings, families)) {
    for (const type of model.channel_types) byType.get(type)?.push(model.id);
  }
  const sorted = [...byType].sort(([a], [b]) => a - b);
  return Object.fromEntries(sorted.map(([type, models]) => [String(type), models]));
}

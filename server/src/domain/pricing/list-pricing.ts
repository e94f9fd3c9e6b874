import { listEnabledChannels } from '../../db/queries/channels.js';
import type { PricingItem, PricingResponse } from '@gateway/shared';
import { createHash } from 'node:crypto';
import { userUsableGroups } from '../../config/settings/groups/operation.js';
import type { AppContext } from '../../context.js';
import { effectiveGroupRatio, priceModel, type ModelPricing } from '../../billing/pricing.js';
import { tierLabel } from '../../billing/price-tiers.js';
import { modelPriceTiers } from '../../config/settings/groups/billing.js';
import { AppError } from '../../errors.js';
import { usableGroups } from '../groups/usable-groups.js';

function priceFields(
  p: ModelPricing,
): Omit<PricingItem, 'model_name' | 'enable_groups' | 'supported_endpoint_types' | 'owner_by'> {
  if (p.kind === 'fixed') {
    return { quota_type: 1, model_ratio: 0, model_price: p.price, completion_ratio: 1 };
  }
  return {
    quota_type: 0,
    model_ratio: p.modelRatio,
    model_price: 0,
    completion_ratio: p.completionRatio,
    ...(p.cacheRatio !== 1 && { cache_ratio: p.cacheRatio }),
    ...(p.cacheWriteRatio !== 1 && { create_cache_ratio: p.cacheWriteRatio }),
    ...(p.imageRatio !== null && { image_ratio: p.imageRatio }),
    ...(p.audioRatio !== null && {
      audio_ratio: p.audioRatio,
      audio_completion_ratio: p.audioCompletionRatio,
    }),
  };
}

function priceOf(ctx: AppContext, model: string): ModelPricing | null {
  try {
    return priceModel(ctx.settings, { model, usingGroup: '', userGroup: '' });
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * The pricing page: every priced model routed in a group the caller may use, with its ratios
 * or price, those groups and their ratios (with the signed-in user's overrides). Guests see
 * the groups any user may choose.
 */
export async function listPricing(
  ctx: AppContext,
  viewer: { group: string; level: string } | null,
): Promise<Omit<PricingResponse, 'success' | 'message'>> {
  const usable = viewer ? usableGroups(ctx, viewer) : { ...ctx.settings.get(userUsableGroups) };
  const groups = Object.keys(usable);
  const channels = await listEnabledChannels(ctx.db);
  const nativeFormats = new Map(ctx.upstream.servedTypes().map((t) => [t.type, t.format]));
  const models = new Map<string, { groups: Set<string>; formats: Set<string> }>();
  for (const channel of channels) {
    const inGroups = channel.group
      .split(',')
      .map((g) => g.trim())
      .filter((g) => usable[g] !== undefined);
    if (inGroups.length === 0) continue;
    for (const model of channel.models
      .split(',')
      .map((m) => m.trim())
      .filter(Boolean)) {
      const entry = models.get(model) ?? { groups: new Set(), formats: new Set() };
      for (const g of inGroups) entry.groups.add(g);
      entry.formats.add(nativeFormats.get(channel.type) ?? 'openai');
      models.set(model, entry);
    }
  }
  const data: PricingItem[] = [];
  for (const [model, entry] of [...models].sort(([a], [b]) => a.localeCompare(b))) {
    const price = priceOf(ctx, model);
    if (!price) continue;
    const tiers = ctx.settings.get(modelPriceTiers)[price.priceKey];
    data.push({
      model_name: model,
      ...priceFields(price),
      enable_groups: [...entry.groups].sort(),
      supported_endpoint_types: [...entry.formats].sort(),
      owner_by: '',
      ...(tiers?.length && {
        price_tiers: tiers.map((tier) => ({ label: tierLabel(tier), ...tier })),
      }),
    });
  }
  const groupRatio = Object.fromEntries(
    groups.map((g) => [g, effectiveGroupRatio(ctx.settings, g, viewer?.group ?? '')]),
  );
  const version = createHash('sha256')
    .update(JSON.stringify([data, groupRatio]))
    .digest('hex');
  return {
    data,
    group_ratio: groupRatio,
    usable_group: usable,
    vendors: [],
    supported_endpoint: {},
    auto_groups: [],
    pricing_version: version.slice(0, 12),
  };
}

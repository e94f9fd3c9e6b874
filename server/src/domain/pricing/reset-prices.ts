import {
  audioCompletionRatio,
  audioRatio,
  cacheRatio,
  completionRatio,
  createCacheRatio,
  imageRatio,
  modelPrice,
  modelRatio,
} from '../../config/settings/groups/billing.js';
import type { AppContext } from '../../context.js';

/** The model price settings that `rest_model_ratio` puts back to the built-in defaults. */
const priceSettings = [
  modelRatio,
  completionRatio,
  modelPrice,
  cacheRatio,
  createCacheRatio,
  imageRatio,
  audioRatio,
  audioCompletionRatio,
];

/** Writes the built-in model prices back into every model price setting (group ratios stay). */
export async function resetModelPrices(ctx: AppContext): Promise<void> {
  for (const def of priceSettings) {
    await ctx.settings.set(def.key, def.serialize(def.defaultValue));
  }
}

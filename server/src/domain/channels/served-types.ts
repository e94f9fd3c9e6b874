import type { ServedChannelType } from '@gateway/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

/** Every channel type the relay serves, ascending, with its name and default address. */
export const listServedChannelTypes = (ctx: AppContext): readonly ServedChannelType[] =>
  ctx.upstream.servedTypes();

/** Refuses a channel type the relay cannot serve, or a missing base URL where one is needed. */
export function checkChannelTarget(ctx: AppContext, type: number, baseUrl: string): void {
  const served = ctx.upstream.servedTypes().find((t) => t.type === type);
  if (!served) throw new AppError('channel_type_unsupported', { type });
  if (baseUrl === '' && served.base_url_required) {
    throw new AppError('channel_base_url_required');
  }
}

import { z } from 'zod';
import { ANTHROPIC_BASE_URL } from '../../relay/adaptors/anthropic/adaptor.js';
import { GEMINI_BASE_URL } from '../../relay/adaptors/gemini/adaptor.js';
import { OPENAI_COMPATIBLE_PRESETS } from '../../relay/adaptors/presets.js';
import { adaptorFor, supportedChannelTypes } from '../../relay/adaptors/registry.js';
import { ChannelType } from './channel-rows.js';

/**
 * One channel type the relay serves (`GET /api/channel/types`). Declared here rather than in
 * `packages/shared` for now; the console mirrors it in `features/channel/api.ts`.
 */
export const servedChannelType = z.object({
  /** Channel type id of the contract. */
  type: z.number().int(),
  /** Upstream name, as the relay's adaptor calls it. */
  name: z.string(),
  /** Address used when the channel leaves its base URL empty; empty when it has none. */
  base_url: z.string(),
  /** Whether a channel of this type must give its own base URL (Azure, Custom, Xinference). */
  base_url_required: z.boolean(),
});
export type ServedChannelType = z.infer<typeof servedChannelType>;

/** Default addresses of the upstreams with their own adaptor; Azure has none (per resource). */
const nativeBaseUrls: Readonly<Record<number, string>> = {
  [ChannelType.azure]: '',
  [ChannelType.anthropic]: ANTHROPIC_BASE_URL,
  [ChannelType.gemini]: GEMINI_BASE_URL,
};

/** The default base URL of a served type; empty when the channel must give one. */
function defaultBaseUrl(type: number): string {
  const preset = OPENAI_COMPATIBLE_PRESETS.find((p) => p.type === type);
  return preset?.baseUrl ?? nativeBaseUrls[type] ?? '';
}

/** Every channel type the relay can serve, ascending, with its name and default address. */
export function listServedChannelTypes(): ServedChannelType[] {
  return supportedChannelTypes().flatMap((type) => {
    const adaptor = adaptorFor(type);
    if (!adaptor) return [];
    const baseUrl = defaultBaseUrl(type);
    return [{ type, name: adaptor.name, base_url: baseUrl, base_url_required: baseUrl === '' }];
  });
}

/** Whether a channel of a served type needs its own base URL. */
export const requiresBaseUrl = (type: number): boolean => defaultBaseUrl(type) === '';

import { ChannelType } from '@gateway/shared';
import type { Adaptor } from './adaptor.js';
import { anthropicAdaptor } from './anthropic/adaptor.js';
import { azureAdaptor } from './azure/adaptor.js';
import { geminiAdaptor } from './gemini/adaptor.js';
import { createOpenAICompatibleAdaptor } from './openai/adaptor.js';
import { OPENAI_COMPATIBLE_PRESETS } from './presets.js';

/** The only map from channel type id to adaptor. */
const ADAPTORS: ReadonlyMap<number, Adaptor> = new Map<number, Adaptor>([
  ...OPENAI_COMPATIBLE_PRESETS.map((p): [number, Adaptor] => [
    p.type,
    createOpenAICompatibleAdaptor(p),
  ]),
  [ChannelType.azure, azureAdaptor],
  [ChannelType.anthropic, anthropicAdaptor],
  [ChannelType.gemini, geminiAdaptor],
]);

/** The adaptor of a channel type, or undefined when the gateway cannot relay to it. */
export function adaptorFor(channelType: number): Adaptor | undefined {
  return ADAPTORS.get(channelType);
}

/** Channel type ids the relay supports, ascending. */
export function supportedChannelTypes(): number[] {
  return [...ADAPTORS.keys()].sort((a, b) => a - b);
}

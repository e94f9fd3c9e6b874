import type { ServedChannelType } from '@gateway/shared';
import type { CachedChannel } from '../domain/channels/channel-index.js';
import type {
  ChannelConfig,
  ModelFamily,
  ProbeResult,
  UpstreamBalance,
  UpstreamGateway,
  VendorModels,
} from '../domain/channels/upstream-gateway.js';
import { AppError } from '../errors.js';
import { adaptorFor, supportedChannelTypes } from './adaptors/registry.js';
import {
  answerFailure,
  channelAdaptor,
  proxyOf,
  thrownFailure,
  upstreamTimeoutMs,
} from './management/channel-adaptor.js';
import { callUpstream } from './management/upstream-call.js';
import { probeTaskChannel, taskPlatformOfType, taskPlatforms } from './tasks/platforms.js';

/** Reasoning models refuse `max_tokens` and need room to think before answering. */
const answerLimit = (model: string) =>
  /^(o\d|gpt-5)/.test(model) ? { max_completion_tokens: 256 } : { max_tokens: 16 };

/** The wire format of each asynchronous task platform, as the pricing page lists it. */
const taskFormats: Record<string, ServedChannelType['format']> = {
  midjourney: 'midjourney',
  suno: 'suno',
  sora: 'openai-video',
  kling: 'openai-video',
};

/** Every channel type the registries serve (chat and tasks), with its name and default address. */
function servedTypes(): ServedChannelType[] {
  const tasks = taskPlatforms().flatMap((platform) =>
    platform.served.map((t): ServedChannelType => ({
      type: t.type,
      name: t.name,
      base_url: t.baseUrl,
      base_url_required: t.baseUrl === '',
      format: taskFormats[platform.platform] ?? 'openai',
    })),
  );
  return [...chatTypes(), ...tasks].sort((a, b) => a.type - b.type);
}

function chatTypes(): ServedChannelType[] {
  return supportedChannelTypes().flatMap((type) => {
    const adaptor = adaptorFor(type);
    if (!adaptor) return [];
    const baseUrl = adaptor.defaultBaseUrl;
    return [
      {
        type,
        name: adaptor.name,
        base_url: baseUrl,
        base_url_required: baseUrl === '',
        format: adaptor.nativeFormat,
      },
    ];
  });
}

async function probe(channel: CachedChannel, model: string): Promise<ProbeResult> {
  const tasks = taskPlatformOfType(channel.type);
  // OpenAI channels also serve videos; they are tested with chat.
  if (tasks && !adaptorFor(channel.type)) {
    try {
      await probeTaskChannel(tasks, channel);
      return { failure: null, usage: null };
    } catch (error) {
      return { failure: thrownFailure(error) };
    }
  }
  try {
    const adaptor = channelAdaptor(channel.type);
    const upstreamModel = channel.modelMapping[model] || model;
    const request = adaptor.buildRequest({
      format: 'openai',
      body: { model, messages: [{ role: 'user', content: 'hi' }], ...answerLimit(upstreamModel) },
      model: upstreamModel,
      stream: false,
      channel,
    });
    const answer = await callUpstream(request, {
      timeoutMs: upstreamTimeoutMs,
      proxy: proxyOf(channel),
    });
    const failure = answerFailure(answer);
    if (failure) return { failure };
    if (answer.json === undefined) {
      return { failure: { status: answer.status, message: 'not a JSON answer' } };
    }
    return { failure: null, usage: adaptor.parseResponse('openai', answer.json, { model }).usage };
  } catch (error) {
    if (error instanceof AppError) throw error;
    return { failure: thrownFailure(error) };
  }
}

async function listModels(type: number, channel: ChannelConfig): Promise<string[]> {
  // Task protocols (Midjourney, Suno, videos) list no models: their names come from prices.
  const capability = taskPlatformOfType(type)
    ? adaptorFor(type)?.listModels
    : channelAdaptor(type).listModels;
  if (!capability) throw new AppError('channel_models_unsupported');
  try {
    const answer = await callUpstream(capability.request(channel), {
      timeoutMs: upstreamTimeoutMs,
      proxy: proxyOf(channel),
    });
    const failure = answerFailure(answer);
    if (failure) throw new AppError('channel_upstream_failed', { ...failure });
    return [...new Set(capability.parse(answer.json))].sort();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('channel_upstream_failed', { ...thrownFailure(error) });
  }
}

async function readBalance(channel: CachedChannel): Promise<UpstreamBalance> {
  const capability = channelAdaptor(channel.type).balance;
  if (!capability) throw new AppError('channel_balance_unsupported');
  const answers: unknown[] = [];
  try {
    for (const request of capability.requests(channel, new Date())) {
      const answer = await callUpstream(request, {
        timeoutMs: upstreamTimeoutMs,
        proxy: proxyOf(channel),
      });
      const failure = answerFailure(answer);
      if (failure) throw new AppError('channel_upstream_failed', { ...failure });
      answers.push(answer.json);
    }
    return capability.parse(answers);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('channel_upstream_failed', { ...thrownFailure(error) });
  }
}

/** The relay's side of the domain's upstream gateway: every vendor comes from the registry. */
/**
 * The model families the chat adaptors and task platforms declare, each with every channel
 * type that declares it (OpenAI and Azure share OpenAI's).
 */
function modelFamilies(): ModelFamily[] {
  const families = new Map<string, { owner: string; pattern: RegExp; types: number[] }>();
  const add = (models: VendorModels | undefined, types: readonly number[]) => {
    if (!models) return;
    const key = `${models.owner} ${models.pattern.source}`;
    const family = families.get(key) ?? { ...models, types: [] };
    family.types.push(...types.filter((t) => !family.types.includes(t)));
    families.set(key, family);
  };
  for (const type of supportedChannelTypes()) add(adaptorFor(type)?.models, [type]);
  for (const platform of taskPlatforms()) add(platform.models, platform.channelTypes);
  return [...families.values()];
}

export function createUpstreamGateway(): UpstreamGateway {
  const types = servedTypes();
  const families = modelFamilies();
  return {
    servedTypes: () => types,
    modelFamilies: () => families,
    probe,
    listModels,
    hasBalance: (type) => adaptorFor(type)?.balance !== undefined,
    readBalance,
  };
}

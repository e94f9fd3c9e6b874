/**
 * One usage shape for every upstream, whatever its wire format. Every token is counted once:
 * input = promptTokens + cachedTokens + cacheWriteTokens; output = completionTokens.
 * The breakdown fields (image, audio, reasoning) are parts of those totals, so a pricer that
 * prices a part separately subtracts it from its total first.
 */
export interface Usage {
  /** Input tokens neither read from nor written to a prompt cache (includes image and audio input). */
  promptTokens: number;
  /** Input tokens read from a prompt cache. */
  cachedTokens: number;
  /** Input tokens written to a prompt cache (5m + 1h). */
  cacheWriteTokens: number;
  /** Part of cacheWriteTokens written with the 5-minute TTL (the default when no split is given). */
  cacheWrite5mTokens: number;
  /** Part of cacheWriteTokens written with the 1-hour TTL. */
  cacheWrite1hTokens: number;
  /** Output tokens, reasoning and audio output included. */
  completionTokens: number;
  /** Part of completionTokens spent on reasoning/thinking. */
  reasoningTokens: number;
  /** Part of promptTokens that are image input. */
  imageTokens: number;
  /** Part of promptTokens that are audio input. */
  audioInputTokens: number;
  /** Part of completionTokens that are audio output. */
  audioOutputTokens: number;
}

/** A usage with every count at zero. */
export function emptyUsage(): Usage {
  return {
    promptTokens: 0,
    cachedTokens: 0,
    cacheWriteTokens: 0,
    cacheWrite5mTokens: 0,
    cacheWrite1hTokens: 0,
    completionTokens: 0,
    reasoningTokens: 0,
    imageTokens: 0,
    audioInputTokens: 0,
    audioOutputTokens: 0,
  };
}

/** All input tokens, cached and cache writes included. */
export function inputTokens(u: Usage): number {
  return u.promptTokens + u.cachedTokens + u.cacheWriteTokens;
}

/** All tokens of the request, each counted once. */
export function totalTokens(u: Usage): number {
  return inputTokens(u) + u.completionTokens;
}

type Obj = Record<string, unknown>;

function obj(v: unknown): Obj | undefined {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
}

function num(o: Obj | undefined, key: string): number {
  const v = o?.[key];
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : 0;
}

function has(o: Obj, key: string): boolean {
  return typeof o[key] === 'number';
}

/**
 * Normalizes OpenAI usage: chat/completions/embeddings (`prompt_tokens` include cached tokens,
 * `completion_tokens` include reasoning) and Responses/images/transcriptions (`input_tokens`,
 * `output_tokens`, same inclusions). Returns null when the value carries no counts.
 */
export function normalizeOpenAIUsage(raw: unknown): Usage | null {
  const u = obj(raw);
  if (!u) return null;
  const chatStyle = has(u, 'prompt_tokens') || has(u, 'completion_tokens');
  if (!chatStyle && !has(u, 'input_tokens') && !has(u, 'output_tokens')) return null;
  const inDetails = obj(u.prompt_tokens_details ?? u.input_tokens_details ?? u.input_token_details);
  const outDetails = obj(u.completion_tokens_details ?? u.output_tokens_details);
  const prompt = chatStyle ? num(u, 'prompt_tokens') : num(u, 'input_tokens');
  const completion = chatStyle ? num(u, 'completion_tokens') : num(u, 'output_tokens');
  // DeepSeek reports cache hits at the top level; its prompt_tokens include them as well.
  const cached = Math.min(
    prompt,
    num(inDetails, 'cached_tokens') || num(u, 'prompt_cache_hit_tokens'),
  );
  return {
    ...emptyUsage(),
    promptTokens: prompt - cached,
    cachedTokens: cached,
    completionTokens: completion,
    reasoningTokens: num(outDetails, 'reasoning_tokens'),
    imageTokens: num(inDetails, 'image_tokens'),
    audioInputTokens: num(inDetails, 'audio_tokens'),
    audioOutputTokens: num(outDetails, 'audio_tokens'),
  };
}

/**
 * Normalizes Anthropic usage: `input_tokens` exclude cache reads and writes, so nothing is
 * subtracted; a cache write without a 5m/1h split counts as 5-minute writes.
 */
export function normalizeAnthropicUsage(raw: unknown): Usage | null {
  const u = obj(raw);
  if (!u || (!has(u, 'input_tokens') && !has(u, 'output_tokens'))) return null;
  const split = obj(u.cache_creation);
  const write1h = num(split, 'ephemeral_1h_input_tokens');
  const write = Math.max(
    num(u, 'cache_creation_input_tokens'),
    num(split, 'ephemeral_5m_input_tokens') + write1h,
  );
  return {
    ...emptyUsage(),
    promptTokens: num(u, 'input_tokens'),
    cachedTokens: num(u, 'cache_read_input_tokens'),
    cacheWriteTokens: write,
    cacheWrite5mTokens: write - write1h,
    cacheWrite1hTokens: write1h,
    completionTokens: num(u, 'output_tokens'),
  };
}

function modalityCount(list: unknown, modality: string): number {
  if (!Array.isArray(list)) return 0;
  let total = 0;
  for (const item of list) {
    const o = obj(item);
    if (o?.modality === modality) total += num(o, 'tokenCount');
  }
  return total;
}

/**
 * Normalizes Gemini `usageMetadata`: `promptTokenCount` includes `cachedContentTokenCount`,
 * `candidatesTokenCount` excludes `thoughtsTokenCount` (added here), and tool-use prompt
 * tokens are input.
 */
export function normalizeGeminiUsage(raw: unknown): Usage | null {
  const u = obj(raw);
  if (!u || (!has(u, 'promptTokenCount') && !has(u, 'candidatesTokenCount'))) return null;
  const prompt = num(u, 'promptTokenCount') + num(u, 'toolUsePromptTokenCount');
  const cached = Math.min(prompt, num(u, 'cachedContentTokenCount'));
  const thoughts = num(u, 'thoughtsTokenCount');
  const uncached = (modality: string): number =>
    Math.max(
      0,
      modalityCount(u.promptTokensDetails, modality) -
        modalityCount(u.cacheTokensDetails, modality),
    );
  return {
    ...emptyUsage(),
    promptTokens: prompt - cached,
    cachedTokens: cached,
    completionTokens: num(u, 'candidatesTokenCount') + thoughts,
    reasoningTokens: thoughts,
    imageTokens: uncached('IMAGE') + uncached('VIDEO'),
    audioInputTokens: uncached('AUDIO'),
    audioOutputTokens: modalityCount(u.candidatesTokensDetails, 'AUDIO'),
  };
}

/**
 * Usage an upstream really reported: null when it sent none, or only zeros (some compatible
 * upstreams fill the fields with 0), so that the answer is counted locally instead of free.
 */
export function reportedUsage(usage: Usage | null): Usage | null {
  if (!usage || (usage.promptTokens === 0 && usage.completionTokens === 0)) return null;
  return usage;
}

/**
 * Built-in prices of common models, used while the matching option is unset. A ratio is the
 * USD price per 1M input tokens divided by 2 (ratio 1 = $2 / 1M tokens); completion, cache and
 * audio ratios multiply it; a fixed price is USD per call. Figures follow the vendors' list
 * prices; admins override them with the ModelRatio, CompletionRatio, ... options.
 */
interface DefaultPrice {
  /** Model ratio: USD per 1M input tokens / 2. */
  r?: number;
  /** Completion ratio: output price / input price. */
  c?: number;
  /** Cache-read ratio: cached input price / input price. */
  cache?: number;
  /** Cache-write ratio: cache-write price / input price (5-minute writes). */
  write?: number;
  /** Fixed USD price per call. */
  price?: number;
  /** Image-input ratio: image token price / text input price. */
  image?: number;
  /** Audio-input ratio: audio input price / text input price. */
  audio?: number;
  /** Audio-output ratio over the audio-input price. */
  audioOut?: number;
}

const claude = (r: number): DefaultPrice => ({ r, c: 5, cache: 0.1, write: 1.25 });
const gpt = (r: number, c: number, cache: number): DefaultPrice => ({ r, c, cache });

const table: Record<string, DefaultPrice> = {
  // OpenAI chat
  'gpt-3.5-turbo': gpt(0.25, 3, 1),
  'gpt-4': gpt(15, 2, 1),
  'gpt-4-turbo': gpt(5, 3, 1),
  'gpt-4o': gpt(1.25, 4, 0.5),
  'gpt-4o-2024-05-13': gpt(2.5, 3, 1),
  'gpt-4o-mini': gpt(0.075, 4, 0.5),
  'chatgpt-4o-latest': gpt(2.5, 3, 1),
  'gpt-4o-audio-preview': { r: 1.25, c: 4, audio: 16, audioOut: 2 },
  'gpt-4.1': gpt(1, 4, 0.25),
  'gpt-4.1-mini': gpt(0.2, 4, 0.25),
  'gpt-4.1-nano': gpt(0.05, 4, 0.25),
  'gpt-4.5-preview': gpt(37.5, 2, 0.5),
  'gpt-5': gpt(0.625, 8, 0.1),
  'gpt-5-mini': gpt(0.125, 8, 0.1),
  'gpt-5-nano': gpt(0.025, 8, 0.1),
  o1: gpt(7.5, 4, 0.5),
  'o1-mini': gpt(0.55, 4, 0.5),
  'o1-pro': gpt(75, 4, 1),
  o3: gpt(1, 4, 0.25),
  'o3-mini': gpt(0.55, 4, 0.5),
  'o3-pro': gpt(10, 4, 1),
  'o4-mini': gpt(0.55, 4, 0.25),
  'gpt-image-1': { r: 2.5, c: 8, image: 2 },
  // OpenAI embeddings, moderation, audio, images
  'text-embedding-3-small': { r: 0.01 },
  'text-embedding-3-large': { r: 0.065 },
  'text-embedding-ada-002': { r: 0.05 },
  'text-moderation-latest': { r: 0 },
  'text-moderation-stable': { r: 0 },
  'omni-moderation-latest': { r: 0 },
  // TTS is billed per input character; whisper per ~1000 tokens per audio minute ($0.006).
  'tts-1': { r: 7.5 },
  'tts-1-hd': { r: 15 },
  'whisper-1': { r: 3 },
  'gpt-4o-transcribe': { r: 1.25, c: 4, audio: 2.4 },
  'gpt-4o-mini-transcribe': { r: 0.625, c: 4, audio: 2.4 },
  'dall-e-2': { price: 0.02 },
  'dall-e-3': { price: 0.04 },
  // Anthropic
  'claude-3-haiku-20240307': claude(0.125),
  'claude-3-5-haiku-20241022': claude(0.4),
  'claude-haiku-4-5': claude(0.5),
  'claude-haiku-4-5-20251001': claude(0.5),
  'claude-3-5-sonnet-20240620': claude(1.5),
  'claude-3-5-sonnet-20241022': claude(1.5),
  'claude-3-7-sonnet-20250219': claude(1.5),
  'claude-sonnet-4-20250514': claude(1.5),
  'claude-sonnet-4-5': claude(1.5),
  'claude-sonnet-4-5-20250929': claude(1.5),
  'claude-3-opus-20240229': claude(7.5),
  'claude-opus-4-20250514': claude(7.5),
  'claude-opus-4-1-20250805': claude(7.5),
  'claude-opus-4-5': claude(2.5),
  'claude-opus-4-5-20251101': claude(2.5),
  // Google
  'gemini-1.5-flash': gpt(0.0375, 4, 0.25),
  'gemini-1.5-pro': gpt(0.625, 4, 0.25),
  'gemini-2.0-flash': gpt(0.05, 4, 0.25),
  'gemini-2.0-flash-lite': gpt(0.0375, 4, 1),
  'gemini-2.5-flash': gpt(0.15, 8.3333, 0.25),
  'gemini-2.5-flash-lite': gpt(0.05, 4, 0.25),
  'gemini-2.5-pro': gpt(0.625, 8, 0.25),
  'text-embedding-004': { r: 0.01 },
  // DeepSeek, xAI, Mistral, Moonshot
  'deepseek-chat': gpt(0.14, 1.5, 0.1),
  'deepseek-reasoner': gpt(0.14, 1.5, 0.1),
  'grok-3': gpt(1.5, 5, 0.25),
  'grok-4': gpt(1.5, 5, 0.25),
  'mistral-large-latest': gpt(1, 3, 1),
  'mistral-small-latest': gpt(0.05, 3, 1),
  'moonshot-v1-8k': gpt(0.1, 1, 1),
  // Rerank (USD per search) and asynchronous tasks (per call)
  'rerank-english-v3.0': { price: 0.002 },
  'rerank-multilingual-v3.0': { price: 0.002 },
  mj_imagine: { price: 0.1 },
  mj_variation: { price: 0.1 },
  mj_reroll: { price: 0.1 },
  mj_blend: { price: 0.1 },
  mj_upscale: { price: 0.05 },
  mj_describe: { price: 0.05 },
  mj_video: { price: 0.8 },
  mj_zoom: { price: 0.1 },
  mj_pan: { price: 0.1 },
  mj_high_variation: { price: 0.1 },
  mj_low_variation: { price: 0.1 },
  mj_modal: { price: 0.1 },
  mj_shorten: { price: 0.1 },
  mj_edits: { price: 0.1 },
  mj_upload: { price: 0.05 },
  mj_inpaint: { price: 0 },
  mj_custom_zoom: { price: 0 },
  swap_face: { price: 0.05 },
  // Videos: USD per second of video (the seconds and size multiply the price).
  'sora-2': { price: 0.3 },
  'sora-2-pro': { price: 0.5 },
  suno_music: { price: 0.1 },
  suno_lyrics: { price: 0.01 },
};

type RatioMap = Record<string, number>;

function pick(field: keyof DefaultPrice, skipIf?: number): RatioMap {
  const out: RatioMap = {};
  for (const [model, p] of Object.entries(table)) {
    const v = p[field];
    if (v !== undefined && v !== skipIf) out[model] = v;
  }
  return out;
}

/** Default `ModelRatio`. */
export const defaultModelRatio: RatioMap = pick('r');
/** Default `CompletionRatio` (models absent here use 1). */
export const defaultCompletionRatio: RatioMap = pick('c', 1);
/** Default `ModelPrice` (USD per call). */
export const defaultModelPrice: RatioMap = pick('price');
/** Default `CacheRatio` (models absent here bill cached tokens as input). */
export const defaultCacheRatio: RatioMap = pick('cache', 1);
/** Default `CreateCacheRatio` (models absent here bill cache writes as input). */
export const defaultCreateCacheRatio: RatioMap = pick('write');
/** Default `ImageRatio` (models absent here bill image input as text input). */
export const defaultImageRatio: RatioMap = pick('image');
/** Default `AudioRatio` (models absent here bill audio as text). */
export const defaultAudioRatio: RatioMap = pick('audio');
/** Default `AudioCompletionRatio`. */
export const defaultAudioCompletionRatio: RatioMap = pick('audioOut');
/** Default `GroupRatio`. */
export const defaultGroupRatio: RatioMap = { default: 1, vip: 1, svip: 1 };

import { hostilePathValues } from './hostile-values.js';

/** The models the fuzz world's channels serve. */
export const fuzzModels = {
  chat: 'gpt-4o-mini',
  openai: [
    'gpt-4o-mini',
    'dall-e-2',
    'text-embedding-3-small',
    'tts-1',
    'whisper-1',
    'text-moderation-stable',
    'rerank-1',
  ],
  midjourney: ['mj_imagine', 'mj_upscale', 'mj_variation', 'mj_describe', 'mj_blend', 'mj_modal'],
  suno: ['suno_music', 'suno_lyrics'],
} as const;

const chat = { model: 'gpt-4o-mini', max_tokens: 5, messages: [{ role: 'user', content: 'hi' }] };
const png = 'data:image/png;base64,iVBORw0KGgo=';

/** A valid-looking body for each relay route that takes one, by Fastify path. */
const samples: Array<[RegExp, Record<string, unknown>]> = [
  [/chat\/completions$/, { ...chat, stream: false }],
  [/^\/v1\/completions$/, { model: 'gpt-4o-mini', prompt: 'hi', max_tokens: 5 }],
  [/embeddings$/, { model: 'text-embedding-3-small', input: ['hi', 'there'] }],
  [/^\/v1\/images\//, { model: 'dall-e-2', prompt: 'a cat', n: 1, size: '256x256' }],
  [/^\/v1\/audio\/speech$/, { model: 'tts-1', input: 'hi', voice: 'alloy' }],
  [/^\/v1\/audio\//, { model: 'whisper-1' }],
  [/^\/v1\/moderations$/, { model: 'text-moderation-stable', input: 'hi' }],
  [/^\/v1\/rerank$/, { model: 'rerank-1', query: 'q', documents: ['a', 'b'], top_n: 1 }],
  [/^\/v1\/responses$/, { model: 'gpt-4o-mini', input: 'hi', max_output_tokens: 5 }],
  [/^\/v1\/messages$/, chat],
  [
    /^\/v1(beta)?\/models\/\*$/,
    {
      contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
      generationConfig: { maxOutputTokens: 5 },
    },
  ],
  [/\/mj\/submit\/(imagine|shorten)$/, { prompt: 'a cat', base64Array: [] }],
  [/\/mj\/submit\/describe$/, { base64: png }],
  [/\/mj\/submit\/blend$/, { base64Array: [png, png], dimensions: 'SQUARE' }],
  [/\/mj\/submit\/upload-discord-images$/, { base64Array: [png] }],
  [/\/mj\/submit\/(action|modal)$/, { taskId: '1', customId: 'MJ::JOB::upsample::1::x' }],
  [/\/mj\/submit\/(simple-)?change$/, { taskId: '1', action: 'UPSCALE', index: 1, content: 'x' }],
  [/\/mj\/submit\/(edits|video)$/, { prompt: 'a cat', image: png }],
  [/\/mj\/insight-face\/swap$/, { sourceBase64: png, targetBase64: png }],
  [/\/mj\/task\/list-by-(condition|ids)$/, { ids: ['1', '2'] }],
  [/\/mj\/notify\//, { id: '1', status: 'SUCCESS', progress: '100%' }],
  [/^\/suno\/submit\//, { prompt: 'a song', mv: 'chirp-v3-5', title: 't', tags: 'pop' }],
  [/^\/suno\/fetch$/, { ids: ['task_x'], action: 'MUSIC' }],
  [/^\/v1\/video(s|\/generations)/, { model: 'sora-2', prompt: 'a cat', seconds: '4' }],
  [/^\/kling\//, { model_name: 'kling-v1', prompt: 'a cat', duration: '5' }],
];

/** The sample body of a relay route (`{}` when it takes none the fuzz test knows of). */
export function relaySample(url: string): Record<string, unknown> {
  return structuredClone(samples.find(([pattern]) => pattern.test(url))?.[1] ?? {});
}

/** The valid value of a relay path parameter, so body probes reach the handler. */
export function relayParam(url: string, name: string): string {
  if (name === '*') {
    return url.includes('models') ? `${fuzzModels.chat}:generateContent` : 'x';
  }
  if (name === 'model') return fuzzModels.chat;
  if (name === 'action') return 'music';
  return '1';
}

/** Hostile values for a relay path parameter (a wildcard gets hostile Gemini tails too). */
export function hostileRelayParams(name: string): string[] {
  const values: string[] = [...hostilePathValues];
  if (name !== '*') return values;
  return [
    ...values.map(encodeURIComponent),
    `${encodeURIComponent(`' OR 1=1 --`)}:generateContent`,
    'gpt-4o-mini:unknownAction',
    ':streamGenerateContent',
    '__proto__:generateContent',
    'models/gpt-4o-mini:generateContent?alt=sse',
  ];
}

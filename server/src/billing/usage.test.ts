import { describe, expect, it } from 'vitest';
import {
  emptyUsage,
  normalizeAnthropicUsage,
  normalizeGeminiUsage,
  normalizeOpenAIUsage,
  totalTokens,
  type Usage,
} from './usage.js';

const u = (parts: Partial<Usage>): Usage => ({ ...emptyUsage(), ...parts });

const openaiCases: [string, unknown, Usage | null][] = [
  ['missing', undefined, null],
  ['null', null, null],
  ['no counts', { foo: 1 }, null],
  [
    'plain chat',
    { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    u({ promptTokens: 10, completionTokens: 5 }),
  ],
  [
    'cached tokens are inside prompt_tokens',
    {
      prompt_tokens: 2006,
      completion_tokens: 300,
      prompt_tokens_details: { cached_tokens: 1920, audio_tokens: 0 },
      completion_tokens_details: { reasoning_tokens: 192, audio_tokens: 0 },
    },
    u({ promptTokens: 86, cachedTokens: 1920, completionTokens: 300, reasoningTokens: 192 }),
  ],
  [
    'audio in and out stay inside the totals',
    {
      prompt_tokens: 100,
      completion_tokens: 80,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 60 },
      completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 70 },
    },
    u({ promptTokens: 100, completionTokens: 80, audioInputTokens: 60, audioOutputTokens: 70 }),
  ],
  [
    'DeepSeek cache hits at the top level',
    {
      prompt_tokens: 50,
      completion_tokens: 4,
      prompt_cache_hit_tokens: 32,
      prompt_cache_miss_tokens: 18,
    },
    u({ promptTokens: 18, cachedTokens: 32, completionTokens: 4 }),
  ],
  ['embeddings', { prompt_tokens: 8, total_tokens: 8 }, u({ promptTokens: 8 })],
  [
    'Responses API',
    {
      input_tokens: 328,
      input_tokens_details: { cached_tokens: 128 },
      output_tokens: 52,
      output_tokens_details: { reasoning_tokens: 40 },
      total_tokens: 380,
    },
    u({ promptTokens: 200, cachedTokens: 128, completionTokens: 52, reasoningTokens: 40 }),
  ],
  [
    'gpt-image-1 image input',
    {
      total_tokens: 4300,
      input_tokens: 300,
      output_tokens: 4000,
      input_tokens_details: { text_tokens: 50, image_tokens: 250 },
    },
    u({ promptTokens: 300, imageTokens: 250, completionTokens: 4000 }),
  ],
  [
    'transcription audio input',
    {
      type: 'tokens',
      input_tokens: 14,
      input_token_details: { text_tokens: 0, audio_tokens: 14 },
      output_tokens: 45,
      total_tokens: 59,
    },
    u({ promptTokens: 14, audioInputTokens: 14, completionTokens: 45 }),
  ],
];

const anthropicCases: [string, unknown, Usage | null][] = [
  ['missing', undefined, null],
  ['plain', { input_tokens: 12, output_tokens: 7 }, u({ promptTokens: 12, completionTokens: 7 })],
  [
    'cache read and write are not subtracted from input_tokens',
    {
      input_tokens: 20,
      cache_read_input_tokens: 1800,
      cache_creation_input_tokens: 300,
      output_tokens: 90,
    },
    u({
      promptTokens: 20,
      cachedTokens: 1800,
      cacheWriteTokens: 300,
      cacheWrite5mTokens: 300,
      completionTokens: 90,
    }),
  ],
  [
    '5m/1h split',
    {
      input_tokens: 3,
      cache_creation_input_tokens: 500,
      cache_creation: { ephemeral_5m_input_tokens: 200, ephemeral_1h_input_tokens: 300 },
      cache_read_input_tokens: 0,
      output_tokens: 1,
    },
    u({
      promptTokens: 3,
      cacheWriteTokens: 500,
      cacheWrite5mTokens: 200,
      cacheWrite1hTokens: 300,
      completionTokens: 1,
    }),
  ],
  [
    'null cache fields (stream message_delta)',
    { input_tokens: null, output_tokens: 15, cache_read_input_tokens: null },
    u({ completionTokens: 15 }),
  ],
];

const geminiCases: [string, unknown, Usage | null][] = [
  ['missing', undefined, null],
  [
    'plain',
    { promptTokenCount: 9, candidatesTokenCount: 11, totalTokenCount: 20 },
    u({ promptTokens: 9, completionTokens: 11 }),
  ],
  [
    'cached inside prompt, thoughts outside candidates',
    {
      promptTokenCount: 1000,
      cachedContentTokenCount: 600,
      candidatesTokenCount: 50,
      thoughtsTokenCount: 200,
      totalTokenCount: 1250,
    },
    u({ promptTokens: 400, cachedTokens: 600, completionTokens: 250, reasoningTokens: 200 }),
  ],
  [
    'modalities, minus the cached part',
    {
      promptTokenCount: 1300,
      cachedContentTokenCount: 258,
      promptTokensDetails: [
        { modality: 'TEXT', tokenCount: 10 },
        { modality: 'IMAGE', tokenCount: 516 },
        { modality: 'AUDIO', tokenCount: 774 },
      ],
      cacheTokensDetails: [{ modality: 'IMAGE', tokenCount: 258 }],
      candidatesTokenCount: 30,
      candidatesTokensDetails: [{ modality: 'AUDIO', tokenCount: 30 }],
      toolUsePromptTokenCount: 5,
    },
    u({
      promptTokens: 1047,
      cachedTokens: 258,
      completionTokens: 30,
      imageTokens: 258,
      audioInputTokens: 774,
      audioOutputTokens: 30,
    }),
  ],
];

describe('normalizeOpenAIUsage', () => {
  it.each(openaiCases)('%s', (_name, raw, want) => {
    expect(normalizeOpenAIUsage(raw)).toEqual(want);
  });
});

describe('normalizeAnthropicUsage', () => {
  it.each(anthropicCases)('%s', (_name, raw, want) => {
    expect(normalizeAnthropicUsage(raw)).toEqual(want);
  });
});

describe('normalizeGeminiUsage', () => {
  it.each(geminiCases)('%s', (_name, raw, want) => {
    expect(normalizeGeminiUsage(raw)).toEqual(want);
  });
});

describe('totalTokens', () => {
  it('counts each token once across the three semantics', () => {
    const openai = normalizeOpenAIUsage({
      prompt_tokens: 100,
      completion_tokens: 10,
      prompt_tokens_details: { cached_tokens: 60 },
    });
    const anthropic = normalizeAnthropicUsage({
      input_tokens: 40,
      cache_read_input_tokens: 60,
      output_tokens: 10,
    });
    const gemini = normalizeGeminiUsage({
      promptTokenCount: 100,
      cachedContentTokenCount: 60,
      candidatesTokenCount: 4,
      thoughtsTokenCount: 6,
    });
    for (const usage of [openai, anthropic, gemini]) expect(totalTokens(usage!)).toBe(110);
  });
});

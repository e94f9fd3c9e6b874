import { TOKENS_PER_IMAGE } from '../../billing/tokenizer.js';

/** Bytes per token assumed: English runs ~4, CJK ~2-3; 3 errs on the side of reserving more. */
const bytesPerToken = 3;
/** A string this long without a space is taken for inline binary (base64 image, audio). */
const blobLength = 2048;

function isBlob(text: string): boolean {
  return text.startsWith('data:') || (text.length >= blobLength && !text.includes(' ', 0));
}

/**
 * A fast size estimate of a request's prompt, for the reservation only: every string in the
 * body at ~3 bytes per token, inline images at the image estimate. It never runs the tokenizer,
 * so it costs next to nothing on the hot path; billing uses the upstream's usage (or the
 * tokenizer when the upstream reports none).
 */
export function quickPromptTokens(value: unknown): number {
  if (typeof value === 'string') {
    if (isBlob(value)) return TOKENS_PER_IMAGE;
    return Math.ceil(Buffer.byteLength(value) / bytesPerToken);
  }
  if (typeof value !== 'object' || value === null) return 0;
  let total = 0;
  if (Array.isArray(value)) {
    for (const item of value) total += quickPromptTokens(item);
    return total;
  }
  for (const key in value) total += quickPromptTokens((value as Record<string, unknown>)[key]);
  return total;
}

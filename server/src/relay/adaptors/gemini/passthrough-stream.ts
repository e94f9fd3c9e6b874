import { StringDecoder } from 'node:string_decoder';
import { createStreamTokenCounter, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeGeminiUsage, type Usage } from '../../../billing/usage.js';
import { createFieldScanner } from '../../stream/json-scan.js';
import { createSseParser } from '../../stream/sse-parser.js';
import type { StreamTranslator } from '../adaptor.js';
import { isObject } from '../shared/json.js';

const scanText = createFieldScanner(['text'], 'usageMetadata');

function parseChunk(data: string): Record<string, unknown> | null {
  try {
    let parsed: unknown = JSON.parse(data);
    if (Array.isArray(parsed)) parsed = parsed[0];
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * The Gemini → Gemini stream path: bytes are forwarded untouched; texts are scanned for local
 * counting and only the last event carrying usageMetadata is parsed, when usage is asked for.
 */
export function createGeminiPassthroughTranslator(): StreamTranslator {
  const decoder = new StringDecoder('utf8');
  const counter = createStreamTokenCounter();
  const addText = (_key: string, text: string): void => counter.add(text);
  let usageData: string | undefined;
  let ended = false;

  const parser = createSseParser((_event, data) => {
    if (scanText(data, addText)) usageData = data;
    if (!data.includes('"functionCall"')) return;
    const chunk = parseChunk(data);
    const candidates = Array.isArray(chunk?.candidates) ? chunk.candidates : [];
    for (const c of candidates) {
      const parts = isObject(c) && isObject(c.content) ? c.content.parts : undefined;
      for (const p of Array.isArray(parts) ? parts : []) {
        if (!isObject(p) || !isObject(p.functionCall)) continue;
        counter.add(JSON.stringify(p.functionCall));
        counter.addTokens(TOKENS_PER_TOOL_CALL);
      }
    }
  });

  return {
    push(chunk) {
      const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
      parser.push(text);
      return text;
    },
    end() {
      const text = decoder.end();
      parser.push(text);
      parser.end();
      ended = true;
      return text;
    },
    usage(): Usage | null {
      const chunk = usageData === undefined ? null : parseChunk(usageData);
      return chunk ? normalizeGeminiUsage(chunk.usageMetadata) : null;
    },
    completionTokens: () => counter.count(),
    // Gemini has no final event: the answer is whole when the stream ends.
    complete: () => ended,
  };
}

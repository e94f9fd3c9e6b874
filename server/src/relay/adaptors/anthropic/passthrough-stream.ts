import { StringDecoder } from 'node:string_decoder';
import { createStreamTokenCounter, TOKENS_PER_TOOL_CALL } from '../../../billing/tokenizer.js';
import { normalizeAnthropicUsage } from '../../../billing/usage.js';
import { createDeferredScan, createFieldScanner } from '../../stream/json-scan.js';
import { createSseParser } from '../../stream/sse-parser.js';
import type { StreamTranslator } from '../adaptor.js';
import { isObject } from '../shared/json.js';
import type { AnthropicUsage } from './types.js';

const scanDelta = createFieldScanner(['text', 'thinking', 'partial_json']);
const scanToolStart = createFieldScanner(['name']);

/**
 * The Anthropic → Anthropic stream path: bytes are forwarded untouched; only `message_start`
 * and `message_delta` are parsed (for usage), and delta texts are scanned for local counting
 * when the count is needed.
 */
export function createAnthropicPassthroughTranslator(): StreamTranslator {
  const decoder = new StringDecoder('utf8');
  const counter = createStreamTokenCounter();
  const addText = (_key: string, text: string): void => counter.add(text);
  const deltas = createDeferredScan(scanDelta, addText);
  const usage: Record<string, unknown> = {};
  let sawUsage = false;
  let complete = false;

  const mergeUsageOf = (data: string, path: 'message' | 'root'): void => {
    try {
      const parsed: unknown = JSON.parse(data);
      const holder = isObject(parsed) && path === 'message' ? parsed.message : parsed;
      if (!isObject(holder) || !isObject(holder.usage)) return;
      for (const [k, v] of Object.entries(holder.usage)) if (v !== null) usage[k] = v;
      sawUsage = true;
    } catch {
      // A malformed event is forwarded as is and ignored for billing.
    }
  };

  const parser = createSseParser((event, data) => {
    if (event === 'content_block_delta') {
      deltas.later(data);
    } else if (event === 'content_block_start' && data.includes('"tool_use"')) {
      scanToolStart(data, addText);
      counter.addTokens(TOKENS_PER_TOOL_CALL);
    } else if (event === 'message_start') mergeUsageOf(data, 'message');
    else if (event === 'message_delta') mergeUsageOf(data, 'root');
    else if (event === 'message_stop') complete = true;
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
      complete = true;
      return text;
    },
    usage: () => (sawUsage ? normalizeAnthropicUsage(usage as Partial<AnthropicUsage>) : null),
    completionTokens: () => {
      deltas.flush();
      return counter.count();
    },
    complete: () => complete,
  };
}

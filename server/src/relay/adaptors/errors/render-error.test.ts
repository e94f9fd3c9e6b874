import { describe, expect, it } from 'vitest';
import { createSseParser } from '../../stream/sse-parser.js';
import { renderError, renderStreamError } from './render-error.js';
import type { UpstreamError } from './upstream-error.js';

const invalidKey: UpstreamError = {
  status: 401,
  message: 'invalid api key',
  type: 'invalid_request_error',
  code: 'invalid_api_key',
};
const overloaded: UpstreamError = { status: 529, message: 'Overloaded', type: 'x', code: null };
const geminiQuota: UpstreamError = {
  status: 429,
  message: 'quota',
  type: 'rate_limit_error',
  code: 'RESOURCE_EXHAUSTED',
};

describe('renderError', () => {
  it('OpenAI shape keeps type and code', () => {
    expect(renderError('openai', invalidKey)).toEqual({
      error: {
        message: 'invalid api key',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  });

  it('Anthropic shape derives a valid Anthropic type from the status when needed', () => {
    expect(renderError('anthropic', invalidKey)).toEqual({
      type: 'error',
      error: { type: 'invalid_request_error', message: 'invalid api key' },
    });
    expect(renderError('anthropic', overloaded)).toEqual({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(renderError('anthropic', { ...invalidKey, type: 'insufficient_quota' })).toEqual({
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid api key' },
    });
  });

  it('Gemini shape uses the gRPC status name', () => {
    expect(renderError('gemini', invalidKey)).toEqual({
      error: { code: 401, message: 'invalid api key', status: 'UNAUTHENTICATED' },
    });
    expect(renderError('gemini', geminiQuota)).toEqual({
      error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' },
    });
  });
});

describe('renderStreamError', () => {
  it('emits one event per format', () => {
    const events: [string, string][] = [];
    const parser = createSseParser((e, d) => events.push([e, d]));
    parser.push(renderStreamError('anthropic', overloaded));
    parser.push(renderStreamError('openai', invalidKey));
    parser.push(renderStreamError('gemini', geminiQuota));
    parser.end();
    expect(events.map(([e]) => e)).toEqual(['error', '', '']);
    expect(JSON.parse(events[0][1])).toEqual(renderError('anthropic', overloaded));
    expect(JSON.parse(events[2][1])).toEqual(renderError('gemini', geminiQuota));
  });
});

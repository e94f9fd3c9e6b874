import { describe, expect, it } from 'vitest';
import { normalizeUpstreamError, type UpstreamError } from './upstream-error.js';

const cases: [string, number, unknown, UpstreamError][] = [
  [
    'OpenAI invalid key (raw text)',
    401,
    '{"error":{"message":"Incorrect API key provided: sk-abc.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}',
    {
      status: 401,
      message: 'Incorrect API key provided: sk-abc.',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    },
  ],
  [
    'OpenAI quota (Buffer), the auto-disable keyword survives',
    429,
    Buffer.from(
      JSON.stringify({
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      }),
    ),
    {
      status: 429,
      message: 'You exceeded your current quota, please check your plan and billing details.',
      type: 'insufficient_quota',
      code: 'insufficient_quota',
    },
  ],
  [
    'Anthropic',
    401,
    {
      type: 'error',
      error: { type: 'authentication_error', message: 'invalid x-api-key' },
      request_id: 'req_1',
    },
    { status: 401, message: 'invalid x-api-key', type: 'authentication_error', code: null },
  ],
  [
    'Gemini',
    400,
    {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
      },
    },
    {
      status: 400,
      message: 'API key not valid. Please pass a valid API key.',
      type: 'invalid_request_error',
      code: 'INVALID_ARGUMENT',
    },
  ],
  [
    'Gemini stream error wrapped in an array',
    429,
    '[{"error":{"code":429,"message":"Resource has been exhausted","status":"RESOURCE_EXHAUSTED"}}]',
    {
      status: 429,
      message: 'Resource has been exhausted',
      type: 'rate_limit_error',
      code: 'RESOURCE_EXHAUSTED',
    },
  ],
  [
    'string error (Ollama)',
    404,
    '{"error":"model \\"llama9\\" not found, try pulling it first"}',
    {
      status: 404,
      message: 'model "llama9" not found, try pulling it first',
      type: 'not_found_error',
      code: null,
    },
  ],
  [
    'FastAPI detail',
    422,
    { detail: 'field required' },
    { status: 422, message: 'field required', type: 'invalid_request_error', code: null },
  ],
  [
    'plain text',
    500,
    'internal failure\n',
    { status: 500, message: 'internal failure', type: 'upstream_error', code: null },
  ],
  [
    'HTML page from a proxy',
    502,
    '<html><head><title>502 Bad Gateway</title></head></html>',
    { status: 502, message: 'upstream returned HTTP 502', type: 'upstream_error', code: null },
  ],
  [
    'empty body',
    503,
    '',
    { status: 503, message: 'upstream returned HTTP 503', type: 'upstream_error', code: null },
  ],
];

describe('normalizeUpstreamError', () => {
  it.each(cases)('%s', (_name, status, body, want) => {
    expect(normalizeUpstreamError(status, body)).toEqual(want);
  });

  it('truncates huge messages', () => {
    const err = normalizeUpstreamError(500, 'x'.repeat(5000));
    expect(err.message.length).toBeLessThanOrEqual(1001);
  });
});

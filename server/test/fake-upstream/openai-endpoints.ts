import type { ServerResponse } from 'node:http';
import type { AnswerPlan, ReceivedRequest } from './behaviour.js';
import { sendJson } from './sse-writer.js';

const CREATED = 1_750_000_000;
/** The bytes `/v1/audio/speech` answers with: an MP3 frame header and padding. */
export const FAKE_SPEECH = Buffer.concat([
  Buffer.from([0xff, 0xfb, 0x90, 0x64]),
  Buffer.alloc(412),
]);

function inputs(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [v];
}

/** Reads the text fields of a multipart/form-data body (file parts are skipped). */
export function multipartFields(req: ReceivedRequest): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/
    .exec(String(req.headers['content-type']))
    ?.slice(1)
    .find(Boolean);
  if (!boundary) return {};
  const fields: Record<string, string> = {};
  for (const part of req.body.toString('latin1').split(`--${boundary}`)) {
    const m = /name="([^"]+)"(; filename="[^"]*")?[\s\S]*?\r\n\r\n([\s\S]*)\r\n$/.exec(part);
    if (m && !m[2]) fields[m[1]] = Buffer.from(m[3], 'latin1').toString('utf8');
  }
  return fields;
}

/** Answers the non-chat OpenAI endpoints; returns false for a path it does not serve. */
export function answerOpenAIEndpoint(
  res: ServerResponse,
  endpoint: string,
  plan: AnswerPlan,
  req: ReceivedRequest,
): boolean {
  const body = (req.json ?? {}) as Record<string, unknown>;
  const prompt = plan.usage ? plan.usage.promptTokens : 0;
  switch (endpoint) {
    case 'embeddings': {
      const data = inputs(body.input).map((_, index) => {
        const vector = [0.0023, -0.0091, 0.0154];
        const embedding =
          body.encoding_format === 'base64'
            ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
            : vector;
        return { object: 'embedding', index, embedding };
      });
      sendJson(res, 200, {
        object: 'list',
        data,
        model: plan.model,
        ...(plan.usage && { usage: { prompt_tokens: prompt, total_tokens: prompt } }),
      });
      return true;
    }
    case 'images/generations': {
      const n = typeof body.n === 'number' ? body.n : 1;
      const image =
        body.response_format === 'b64_json'
          ? { b64_json: 'iVBORw0KGgo=' }
          : { url: 'https://fake-upstream.test/image.png' };
      const usage = plan.usage && {
        total_tokens: prompt + plan.usage.completionTokens,
        input_tokens: prompt,
        output_tokens: plan.usage.completionTokens,
        input_tokens_details: { text_tokens: prompt, image_tokens: 0 },
      };
      sendJson(res, 200, {
        created: CREATED,
        data: Array.from({ length: n }, () => ({
          ...image,
          revised_prompt: String(body.prompt ?? ''),
        })),
        ...(usage && { usage }),
      });
      return true;
    }
    case 'audio/speech':
      res.writeHead(200, { 'content-type': 'audio/mpeg', 'content-length': FAKE_SPEECH.length });
      res.end(FAKE_SPEECH);
      return true;
    case 'audio/transcriptions':
    case 'audio/translations': {
      const fields = multipartFields(req);
      const text = plan.pieces.join('');
      const usage =
        fields.model === 'whisper-1'
          ? { type: 'duration', seconds: 3 }
          : {
              type: 'tokens',
              input_tokens: prompt,
              input_token_details: { text_tokens: 0, audio_tokens: prompt },
              output_tokens: plan.pieces.length,
              total_tokens: prompt + plan.pieces.length,
            };
      sendJson(res, 200, { text, ...(plan.usage && { usage }) });
      return true;
    }
    case 'moderations':
      sendJson(res, 200, {
        id: 'modr-fake1',
        model: plan.model,
        results: inputs(body.input).map(() => ({
          flagged: false,
          categories: { violence: false },
          category_scores: { violence: 0.0001 },
        })),
      });
      return true;
    case 'rerank': {
      const docs = Array.isArray(body.documents) ? body.documents : [];
      const results = docs.map((d, index) => ({
        index,
        relevance_score: 1 / (index + 1),
        document: { text: String(d) },
      }));
      sendJson(res, 200, {
        model: plan.model,
        results,
        ...(plan.usage && { usage: { total_tokens: prompt } }),
      });
      return true;
    }
    default:
      return false;
  }
}

/** GET /v1/models in OpenAI format. */
export function answerModelList(res: ServerResponse, models: readonly string[]): void {
  sendJson(res, 200, {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'fake' })),
  });
}

/** GET /dashboard/billing/subscription and /usage (one-api style balance). */
export function answerBilling(res: ServerResponse, path: string): void {
  if (path.endsWith('/subscription')) {
    sendJson(res, 200, {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: 100,
      hard_limit_usd: 100,
      system_hard_limit_usd: 100,
      access_until: 0,
    });
  } else sendJson(res, 200, { object: 'list', total_usage: 1234.5 });
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { answerMessages } from './anthropic-messages.js';
import { planAnswer, type FakeBehaviour, type ReceivedRequest } from './behaviour.js';
import { answerGenerate } from './gemini-generate.js';
import { answerChat, answerCompletions, answerResponses } from './openai-chat.js';
import { answerBilling, answerModelList, answerOpenAIEndpoint } from './openai-endpoints.js';
import { sendJson } from './sse-writer.js';

export type { FakeBehaviour, ReceivedRequest } from './behaviour.js';

/** A running fake upstream. */
export interface FakeUpstream {
  /** Base URL, e.g. `http://127.0.0.1:40123` (use it as any channel's base URL). */
  url: string;
  /** Every request received, in order, with headers and body. */
  requests: ReceivedRequest[];
  /** Replaces the behaviour for the next requests. */
  setBehaviour(behaviour: FakeBehaviour): void;
  /** Clears the request log and the behaviour. */
  reset(): void;
  /** Stops the server (open connections are closed). */
  close(): Promise<void>;
}

/** Models the fake lists on every models endpoint. */
export const FAKE_MODELS = ['gpt-4o-mini', 'claude-sonnet-4-5', 'gemini-2.5-flash'] as const;

type Format = 'openai' | 'anthropic' | 'gemini';

const GEMINI_PATH = /^\/(?:v1beta|v1)\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;
const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/(.+)$/;

function errorBody(
  format: Format,
  status: number,
  e: NonNullable<FakeBehaviour['error']>,
): unknown {
  const message = e.message ?? `fake upstream error ${status}`;
  if (format === 'anthropic') {
    return {
      type: 'error',
      error: { type: e.type ?? (status === 401 ? 'authentication_error' : 'api_error'), message },
    };
  }
  if (format === 'gemini') {
    const grpc =
      status === 429
        ? 'RESOURCE_EXHAUSTED'
        : status === 401
          ? 'UNAUTHENTICATED'
          : status >= 500
            ? 'INTERNAL'
            : 'INVALID_ARGUMENT';
    return { error: { code: status, message, status: grpc } };
  }
  return {
    error: { message, type: e.type ?? 'invalid_request_error', param: null, code: e.code ?? null },
  };
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** Starts a fake upstream speaking the OpenAI, Azure, Anthropic and Gemini wire formats. */
export async function startFakeUpstream(): Promise<FakeUpstream> {
  const requests: ReceivedRequest[] = [];
  let behaviour: FakeBehaviour = {};
  let failures = 0;

  const route = async (record: ReceivedRequest, res: ServerResponse): Promise<void> => {
    const { method, path } = record;
    const body = (record.json ?? {}) as Record<string, unknown>;
    const gemini = GEMINI_PATH.exec(path);
    const azure = AZURE_PATH.exec(path);
    const format: Format = gemini ? 'gemini' : path === '/v1/messages' ? 'anthropic' : 'openai';
    if (behaviour.latencyMs) await sleep(behaviour.latencyMs);
    const e = behaviour.error;
    if (e && (e.times === undefined || failures < e.times)) {
      failures++;
      res.writeHead(e.status, { 'content-type': e.rawBody ? 'text/html' : 'application/json' });
      res.end(e.rawBody ?? JSON.stringify(errorBody(format, e.status, e)));
      return;
    }
    const model =
      gemini?.[1] ?? azure?.[1] ?? (typeof body.model === 'string' ? body.model : 'fake-model');
    const plan = planAnswer(behaviour, model, record);
    const endpoint = azure ? azure[2] : path.replace(/^\/v1\//, '');
    if (gemini) return answerGenerate(res, plan, gemini[2] === 'streamGenerateContent');
    if (method === 'GET' && path === '/v1beta/models') {
      return sendJson(res, 200, { models: FAKE_MODELS.map((m) => ({ name: `models/${m}` })) });
    }
    if (method === 'GET' && path === '/v1/models' && record.headers['anthropic-version']) {
      const data = FAKE_MODELS.map((id) => ({
        type: 'model',
        id,
        display_name: id,
        created_at: '2025-09-29T00:00:00Z',
      }));
      return sendJson(res, 200, {
        data,
        has_more: false,
        first_id: data[0].id,
        last_id: data.at(-1)?.id,
      });
    }
    if (method === 'GET' && path === '/v1/models') return answerModelList(res, FAKE_MODELS);
    if (method === 'GET' && path.includes('/dashboard/billing/')) return answerBilling(res, path);
    if (method !== 'POST')
      return sendJson(
        res,
        404,
        errorBody('openai', 404, { status: 404, message: `Invalid URL (${method} ${path})` }),
      );
    if (path === '/v1/messages') return answerMessages(res, plan, body);
    if (endpoint === 'chat/completions') return answerChat(res, plan, body);
    if (endpoint === 'completions') return answerCompletions(res, plan, body);
    if (endpoint === 'responses') return answerResponses(res, plan, body);
    if (answerOpenAIEndpoint(res, endpoint, plan, record)) return;
    sendJson(
      res,
      404,
      errorBody('openai', 404, { status: 404, message: `Invalid URL (${method} ${path})` }),
    );
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const raw = await readBody(req);
      // Counts what the answer hands to the response (the writers wait for the client to read).
      let sent = 0;
      const write = res.write.bind(res) as (chunk: string | Buffer) => boolean;
      res.write = ((chunk: string | Buffer) => {
        sent += Buffer.byteLength(chunk);
        return write(chunk);
      }) as typeof res.write;
      const record: ReceivedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: raw,
        json: parseJson(raw),
        aborted: false,
        get sentBytes() {
          return sent;
        },
      };
      requests.push(record);
      res.on('close', () => {
        if (!res.writableFinished) record.aborted = true;
      });
      try {
        await route(record, res);
      } catch (err) {
        if (!res.headersSent)
          sendJson(res, 500, { error: { message: String(err), type: 'fake_upstream_bug' } });
        else res.destroy();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setBehaviour(b) {
      behaviour = b;
      failures = 0;
    },
    reset() {
      requests.length = 0;
      behaviour = {};
      failures = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

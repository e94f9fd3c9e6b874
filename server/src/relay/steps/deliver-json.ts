import type { OutgoingHttpHeader } from 'node:http';
import { countTextTokens } from '../../billing/tokenizer.js';
import { emptyUsage, reportedUsage, type Usage } from '../../billing/usage.js';
import type { Adaptor } from '../adaptors/adaptor.js';
import { badResponse } from '../adaptors/errors/adaptor-error.js';
import { isObject } from '../adaptors/shared/json.js';
import { answerHeaderList } from '../../http/middleware/answer-headers.js';
import { corsHeader } from '../cors.js';
import { forwardedEndpoint, type RelayContext } from '../relay-context.js';
import { UpstreamFailure } from '../relay-errors.js';
import type { UpstreamResponse } from '../upstream/upstream-pools.js';
import { answerText } from './answer-text.js';
import { precisePromptTokens } from './read-request.js';
import { settleDelivered } from './settle-request.js';

/** Whisper-style billing: about 1000 tokens per minute of audio. */
const tokensPerAudioSecond = 1000 / 60;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Usage of a transcription without token usage: its audio duration, else its text. */
function transcriptionUsage(json: unknown, text: string): Usage {
  const o = isObject(json) ? json : {};
  const usage = isObject(o.usage) ? o.usage : {};
  const seconds =
    usage.type === 'duration' && typeof usage.seconds === 'number'
      ? usage.seconds
      : typeof o.duration === 'number'
        ? o.duration
        : 0;
  const promptTokens =
    seconds > 0
      ? Math.ceil(seconds * tokensPerAudioSecond)
      : countTextTokens(typeof o.text === 'string' ? o.text : text);
  return { ...emptyUsage(), promptTokens };
}

/**
 * Usage when the upstream reported none: the prompt counted locally and the generated text
 * of the answer counted with the tokenizer, as the stream path counts it, so the same answer
 * costs the same streamed or not.
 */
function estimatedUsage(rc: RelayContext, json: unknown, text: string): Usage {
  if (rc.endpoint === 'audio/transcriptions' || rc.endpoint === 'audio/translations') {
    return transcriptionUsage(json, text);
  }
  return {
    ...emptyUsage(),
    promptTokens: precisePromptTokens(rc),
    completionTokens: countTextTokens(answerText(json)),
  };
}

function breakage(rc: RelayContext, message: string): UpstreamFailure {
  return new UpstreamFailure(badResponse(message).error, rc.attempt?.channel.id ?? 0);
}

/**
 * A whole answer to send: the upstream's bytes, those bytes as latin1 text (a character each),
 * or UTF-8 text, which is the answer translated into the client's format.
 */
interface Answer {
  body: string | Buffer;
  /** How a text body is written. */
  encoding: 'utf8' | 'latin1';
}

/**
 * Reads a whole answer's usage into `rc.outcome` (counted here when the upstream reported
 * none) and returns what to send: the upstream's answer untouched, or translated into the
 * client's format.
 */
function takeAnswer(rc: RelayContext, adaptor: Adaptor, bytes: Buffer): Answer {
  if (rc.endpoint === 'chat' && rc.format === adaptor.nativeFormat && adaptor.passedUsage) {
    // An answer the client gets as it came: its usage is read from its text, nothing else
    // of it is parsed, and that text is sent (one string, written with the head in one go).
    const text = bytes.toString('latin1');
    const passed = reportedUsage(adaptor.passedUsage(text) ?? null);
    if (passed) {
      rc.outcome.localCount = false;
      rc.outcome.usage = passed;
      return { body: text, encoding: 'latin1' };
    }
  }
  const text = bytes.toString('utf8');
  const json = parseJson(text);
  const answer: Answer = { body: bytes, encoding: 'utf8' };
  let usage: Usage | null;
  if (rc.endpoint === 'chat') {
    if (json === undefined) throw breakage(rc, 'the upstream answer is not JSON');
    const parsed = adaptor.parseResponse(rc.format, json, { model: rc.request.model });
    usage = reportedUsage(parsed.usage);
    if (!parsed.unchanged) answer.body = JSON.stringify(parsed.body);
  } else {
    usage =
      json === undefined ? null : (adaptor.forward?.usage(forwardedEndpoint(rc), json) ?? null);
  }
  rc.outcome.localCount = usage === null;
  rc.outcome.usage = usage ?? estimatedUsage(rc, json, text);
  return answer;
}

/**
 * Delivers a whole (non-stream) answer: reads it, takes its usage, translates chat answers
 * into the client's format (upstream bytes are sent untouched when nothing changes).
 */
export async function deliverJson(
  rc: RelayContext,
  adaptor: Adaptor,
  res: UpstreamResponse,
): Promise<void> {
  // A short answer has mostly arrived with its head: then it is taken without a wait.
  const bytes = res.body.whole() ?? (await res.body.bytes());
  const answer = takeAnswer(rc, adaptor, bytes);
  // The charge is durable before the body leaves: a crash cannot deliver an unbilled answer.
  await settleDelivered(rc);
  rc.outcome.firstByteMs = rc.elapsedMs();
  const translated = typeof answer.body === 'string' && answer.encoding === 'utf8';
  const contentType = translated
    ? 'application/json'
    : String(res.headers['content-type'] ?? 'application/json');
  sendRaw(rc, contentType, answer);
}

/**
 * Takes the reply over and writes a 200 head straight to the socket: the request id and
 * version, CORS and `extra`. The relay has its own metrics and no cookies, so Fastify's send
 * path (serializers, onSend and onResponse hooks) is skipped on the hot path. Nothing sets
 * headers on a relay reply before its head (errors are sent through Fastify instead), so the
 * head is built here rather than copied out of the reply.
 */
export function writeRelayHead(rc: RelayContext, extra: readonly OutgoingHttpHeader[]): void {
  rc.reply.hijack();
  const head: OutgoingHttpHeader[] = answerHeaderList(rc.requestId);
  head.push('access-control-allow-origin', corsHeader['access-control-allow-origin']);
  for (const item of extra) head.push(item);
  rc.reply.raw.writeHead(200, head);
}

/** Writes a whole answer in one go. */
function sendRaw(rc: RelayContext, contentType: string, { body, encoding }: Answer): void {
  const length =
    typeof body === 'string' && encoding === 'latin1' ? body.length : Buffer.byteLength(body);
  writeRelayHead(rc, ['content-type', contentType, 'content-length', length]);
  rc.reply.raw.end(body, encoding);
}

/**
 * Delivers a binary answer (speech audio) as it streams; it is billed by its input, so
 * nothing is read from it.
 */
export async function deliverBytes(
  rc: RelayContext,
  _adaptor: Adaptor,
  res: UpstreamResponse,
): Promise<void> {
  rc.outcome.usage = { ...emptyUsage(), promptTokens: rc.request.promptTokens };
  // Billed by its input, known now: durable before the first byte of audio leaves.
  await settleDelivered(rc);
  rc.outcome.firstByteMs = rc.elapsedMs();
  const contentType = String(res.headers['content-type'] ?? 'application/octet-stream');
  void rc.reply
    .code(200)
    .headers(corsHeader)
    .header('content-type', contentType)
    .send(res.body.toReadable());
}

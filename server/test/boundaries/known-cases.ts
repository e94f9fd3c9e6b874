import type { HTTPMethods } from 'fastify';
import { deepArrayText, deepObjectText } from './hostile-values.js';

/** A request that once crashed the gateway (or was feared to), and the status it must get. */
export interface KnownCase {
  why: string;
  method: HTTPMethods;
  url: string;
  body?: unknown;
  /** Raw JSON text, for bodies JSON.stringify cannot write. */
  raw?: string;
  /** Whose credentials it carries: the user's key on the relay, root's console token on `/api`. */
  as: 'user' | 'root';
  /** The status it must get; any status below 500 when absent. */
  status?: number;
}

const chat = { model: 'gpt-4o-mini', max_tokens: 5 };
const gemini = '/v1beta/models/gpt-4o-mini:generateContent';
const longId = 'x'.repeat(10_000);

/** Malformed chat turns: refused with 400 in their format, never a crash in a converter. */
const malformedTurns: KnownCase[] = [
  ['/v1/messages', { ...chat, messages: [null] }],
  ['/v1/messages', { ...chat, messages: [{ role: 'user', content: 5 }] }],
  ['/v1/messages', { ...chat, messages: [{ role: 'user', content: [null] }] }],
  ['/v1/messages', { ...chat, messages: 'hi', system: 5 }],
  ['/v1/chat/completions', { ...chat, messages: [null] }],
  ['/v1/chat/completions', { ...chat, messages: [{ role: 7, content: 'hi' }] }],
  [gemini, { contents: [null] }],
  [gemini, { contents: [{ parts: [null] }] }],
  [gemini, { contents: [], systemInstruction: 'x' }],
].map(([url, body]) => ({
  why: 'malformed chat turns',
  method: 'POST',
  url: url as string,
  body,
  as: 'user',
  status: 400,
}));

/** Models named after members of `Object.prototype` were priced from the prototype (500). */
const prototypeModels: KnownCase[] = [
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
].flatMap((model) => [
  {
    why: 'a model named after a prototype member',
    method: 'POST',
    url: '/v1/chat/completions',
    body: { model, messages: [{ role: 'user', content: 'hi' }] },
    as: 'user',
  },
  {
    why: 'a Gemini model named after a prototype member',
    method: 'POST',
    url: `/v1beta/models/${model}:generateContent`,
    body: { contents: [{ parts: [{ text: 'hi' }] }] },
    as: 'user',
  },
]);

/**
 * Bodies nested 10,000 deep overflowed `JSON.stringify` on the way upstream (500); path
 * parameters past the router's length were answered in Fastify's own shape (414); a NUL or
 * an id past 32 bits failed the statement on PostgreSQL (500).
 */
const boundaries: KnownCase[] = [
  {
    why: 'deep objects',
    method: 'POST',
    url: '/v1/engines/gpt-4o-mini/embeddings',
    raw: deepObjectText(),
    as: 'user',
    status: 400,
  },
  {
    why: 'deep arrays',
    method: 'POST',
    url: '/v1/moderations',
    raw: deepArrayText(),
    as: 'user',
    status: 400,
  },
  {
    why: 'deep objects on /api',
    method: 'PUT',
    url: '/api/user/self',
    raw: deepObjectText(),
    as: 'root',
    status: 400,
  },
  {
    why: 'a long path id',
    method: 'GET',
    url: `/mj/task/${longId}/fetch`,
    as: 'user',
    status: 400,
  },
  { why: 'a long path id', method: 'GET', url: `/v1/videos/${longId}`, as: 'user', status: 400 },
  { why: 'a long path id', method: 'GET', url: `/api/token/${longId}`, as: 'root', status: 400 },
  { why: 'a NUL id', method: 'GET', url: '/v1/videos/%00', as: 'user', status: 404 },
  { why: 'a NUL id', method: 'GET', url: '/suno/fetch/%00', as: 'user', status: 404 },
  { why: 'a NUL filter', method: 'GET', url: '/api/data/?username=%00', as: 'root' },
  { why: 'an id past 32 bits', method: 'GET', url: '/api/token/2147483648', as: 'root' },
  {
    why: 'an id past 32 bits',
    method: 'GET',
    url: '/api/log/?channel=9007199254740991',
    as: 'root',
  },
];

/** Every known case. */
export const knownCases: KnownCase[] = [...malformedTurns, ...prototypeModels, ...boundaries];

import type { FastifyInstance } from 'fastify';
import type { OutgoingHttpHeaders } from 'node:http';
import { version } from '../../lib/version.js';

/** The request id, under the name one-api and new-api clients read, and the version. */
const requestIdHeader = 'x-oneapi-request-id';
const versionHeader = 'x-new-api-version';

/**
 * Adds the headers every answer carries to `head`. For answers written past Fastify
 * (hijacked).
 */
export function addAnswerHeaders(
  head: OutgoingHttpHeaders,
  requestId: string,
): OutgoingHttpHeaders {
  head[requestIdHeader] = requestId;
  head[versionHeader] = version;
  return head;
}

/**
 * Those headers as a flat list of names and values, the form in which Node writes a head
 * without walking an object's keys (the relay's own answers, one per request).
 */
export function answerHeaderList(requestId: string): string[] {
  return [requestIdHeader, requestId, versionHeader, version];
}

/**
 * Puts those headers on every answer Fastify sends, errors and unknown paths included. Added
 * as the answer leaves (`onSend`) rather than as a request arrives: the relay writes its
 * answers itself (with `answerHeaderList`), and a hook on every request would cost it.
 */
export function sendAnswerHeaders(app: FastifyInstance): void {
  app.addHook('onSend', (req, reply, payload, done) => {
    void reply.header(requestIdHeader, req.id).header(versionHeader, version);
    done(null, payload);
  });
}

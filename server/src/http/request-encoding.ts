import { Transform, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** The decoder of each request content encoding the server accepts. */
const decoders: Record<string, () => Transform> = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/** A stream Fastify reads a body from, with the encoded length it checks Content-Length by. */
type DecodedBody = Transform & { receivedEncodedLength: number };

/**
 * Accepts compressed request bodies (`Content-Encoding: gzip`, `deflate`, `br`): the body is
 * decompressed as a stream and Fastify's body limit counts the decompressed bytes, so a small
 * compressed bomb is refused with 413 once it inflates past the limit, without inflating the
 * rest (the decoder is stopped there). Other encodings get 415. Identity bodies take no extra
 * step.
 */
export function acceptCompressedBodies(app: FastifyInstance, limit: number): void {
  app.addHook('preParsing', (req, _reply, payload, done) => {
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    if (!encoding || encoding === 'identity') return done(null, payload);
    const decoder = decoders[encoding];
    if (!decoder) {
      const error = new AppError(
        'invalid_request',
        { detail: `unsupported Content-Encoding ${encoding}` },
        415,
      );
      return done(error, undefined);
    }
    done(null, decode(payload, decoder(), limit));
  });
}

function decode(payload: Readable, decoder: Transform, limit: number): DecodedBody {
  let decoded = 0;
  // Counts what comes out and stops the decoder past the limit (Fastify answers 413 by then).
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      decoded += chunk.length;
      if (decoded > limit + 1) {
        payload.unpipe(decoder);
        decoder.destroy();
      }
      next(null, chunk);
    },
  }) as DecodedBody;
  counter.receivedEncodedLength = 0;
  payload.on('data', (chunk: Buffer) => (counter.receivedEncodedLength += chunk.length));
  decoder.on('error', (error) => counter.destroy(Object.assign(error, { statusCode: 400 })));
  payload.pipe(decoder).pipe(counter);
  return counter;
}

import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { requestLogger } from './request-logger.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('request logger', () => {
  it('logs with the request bindings, making its child only once something is logged', async () => {
    const { logger, lines } = capture();
    let children = 0;
    const parent = Object.create(logger) as typeof logger;
    parent.child = ((bindings, options) => {
      children++;
      return logger.child(bindings, options);
    }) as typeof logger.child;
    const log = requestLogger(parent, { reqId: 'req-1' }, {});
    expect(children).toBe(0);
    log.debug('below the level');
    log.error({ err: new Error('boom') }, 'relay error answer failed');
    log.warn('second');
    expect(children).toBe(1);
    expect(log.level).toBe('info');
    log.child({ part: 'x' }).info('from a grandchild');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-1', 'relay error answer failed', 50],
      ['req-1', 'second', 40],
      ['req-1', 'from a grandchild', 30],
    ]);
    expect((lines[0]!.err as { message: string }).message).toBe('boom');
    expect(lines[2]!.part).toBe('x');
  });
});

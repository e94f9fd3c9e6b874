import type { ServerResponse } from 'node:http';

/** Resolves when a response has handed its buffered writes to the socket, or has closed. */
export function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

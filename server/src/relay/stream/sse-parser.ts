import { StringDecoder } from 'node:string_decoder';

/** Receives one dispatched server-sent event: its `event:` name ('' when absent) and its data. */
export type SseHandler = (event: string, data: string) => void;

/** An incremental server-sent-events parser (WHATWG rules: LF, CRLF or CR line ends, comments). */
export interface SseParser {
  /** Feeds bytes or text as they arrive; complete events are dispatched synchronously. */
  push(chunk: string | Buffer): void;
  /** Flushes the tail: a last event not followed by a blank line is still dispatched. */
  end(): void;
}

/** Creates an SSE parser that calls `onEvent` for every event that carries data. */
export function createSseParser(onEvent: SseHandler): SseParser {
  const decoder = new StringDecoder('utf8');
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const dispatch = (): void => {
    if (data.length > 0) onEvent(event, data.length === 1 ? data[0] : data.join('\n'));
    event = '';
    data = [];
  };

  const line = (text: string): void => {
    if (text.length === 0) return dispatch();
    if (text.charCodeAt(0) === 58 /* ':' comment */) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.charCodeAt(0) === 32) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };

  const drain = (final: boolean): void => {
    let start = 0;
    // Positions of the next LF and CR; -1 stays -1 because the buffer does not grow here.
    let lf = buffer.indexOf('\n');
    let cr = buffer.indexOf('\r');
    for (;;) {
      if (lf !== -1 && lf < start) lf = buffer.indexOf('\n', start);
      if (cr !== -1 && cr < start) cr = buffer.indexOf('\r', start);
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === -1) break;
      // A CR at the very end may be the first half of CRLF: wait for the next chunk.
      if (end === cr && end === buffer.length - 1 && !final) break;
      line(buffer.slice(start, end));
      start = end === cr && buffer.charCodeAt(end + 1) === 10 ? end + 2 : end + 1;
    }
    buffer = start === 0 ? buffer : buffer.slice(start);
  };

  return {
    push(chunk) {
      buffer += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      drain(false);
    },
    end() {
      buffer += decoder.end();
      drain(true);
      if (buffer.length > 0) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

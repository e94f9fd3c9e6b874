import type { ServerResponse } from 'node:http';

/**
 * Writes a streamed answer once per turn of the event loop: what is added in one turn goes out
 * at the turn's end (`setImmediate`) as one piece of the chunked body, instead of a `write`
 * (and a socket write) per upstream chunk. `hold` keeps it back until the next `flush` or `end`.
 */
export class TurnWriter {
  private pending = '';
  private timer: NodeJS.Immediate | undefined;
  /** The end-of-turn write, made once rather than per turn. */
  private readonly flushLater = () => this.flush();

  constructor(
    private readonly res: ServerResponse,
    /** How the text added is written ('latin1': one byte per character). */
    private readonly encoding: 'latin1' | 'utf8' = 'utf8',
  ) {}

  /** Adds text to this turn's write. */
  add(text: string): void {
    this.pending += text;
    this.timer ??= setImmediate(this.flushLater);
  }

  /** Keeps what was added from leaving at the end of this turn. */
  hold(): void {
    if (this.timer) clearImmediate(this.timer);
    this.timer = undefined;
  }

  /** Writes what was added, and `text`, now. */
  flush(text = ''): void {
    const out = this.take(text);
    if (out !== '' && !this.res.destroyed) this.res.write(out, this.encoding);
  }

  /** Ends the answer with what was added and `tail`. */
  end(tail: string): void {
    this.res.end(this.take(tail), this.encoding);
  }

  /** Drops what was not written (the client is gone). */
  discard(): void {
    this.take();
  }

  /** What was added, followed by `text`, no longer pending. */
  private take(text = ''): string {
    this.hold();
    const out = this.pending + text;
    this.pending = '';
    return out;
  }
}

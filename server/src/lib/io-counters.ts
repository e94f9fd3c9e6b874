import type { Redis } from 'ioredis';

/**
 * What a process asked of its database and of Redis: statements, transactions, round trips
 * and the time spent waiting on them, so that a benchmark (or a test) can divide by the
 * requests served and see where a request's time goes on each engine.
 *
 * One object per context (`ctx.metrics.io`), handed to the database and Redis clients when
 * they are created, which count into it at the driver level: every statement a driver sends
 * counts, Kysely's own BEGIN, COMMIT and ROLLBACK included. The fields are plain numbers
 * bumped in place, so counting costs an increment and, where a wait is timed, one
 * `performance.now()` and one continuation on a promise the driver already made. They are
 * exposed at `/metrics` as `gateway_db_*` and `gateway_redis_*` counters.
 *
 * Waits are wall-clock times from sending to the result being handed back, summed over
 * statements: statements in flight together each add their own wait, and under load a wait
 * includes the time the result sat behind other work on this process's event loop.
 */
export class IoCounters {
  /** SQL statements sent (BEGIN, COMMIT, ROLLBACK and SAVEPOINT included). */
  statements = 0;
  /**
   * Messages sent to the database and waited for: one per statement, except a transaction
   * sent whole (`db/pipeline.ts`), whose statements share one.
   */
  dbRoundTrips = 0;
  /** Transactions begun (BEGIN / START TRANSACTION, a better-sqlite3 transaction function). */
  transactions = 0;
  /** Milliseconds statements waited for their results (PostgreSQL and MySQL; 0 on SQLite). */
  dbWaitMs = 0;
  /** Connections taken from the pool (PostgreSQL and MySQL). */
  poolAcquires = 0;
  /** Milliseconds spent waiting for a pool connection, a new connection's handshake included. */
  poolWaitMs = 0;
  /** Redis round trips: a single command, an EVAL/EVALSHA, or a whole MULTI/EXEC or pipeline. */
  redisRoundTrips = 0;
  /** Milliseconds Redis round trips waited for their replies. */
  redisWaitMs = 0;

  /** Counts one statement about to be sent; its text tells whether it begins a transaction. */
  statement(sql: string): void {
    this.statements++;
    this.dbRoundTrips++;
    if (beginsTransaction(sql)) this.transactions++;
  }

  /** Counts a transaction of `statements` statements sent as one message, and times it. */
  pipelined(statements: number, pending: PromiseLike<unknown>): void {
    this.statements += statements + 2;
    this.dbRoundTrips++;
    this.transactions++;
    this.timeStatement(pending, performance.now());
  }

  /** Adds the time from `started` until `pending` settles to the statements' wait. */
  timeStatement(pending: PromiseLike<unknown>, started: number): void {
    const done = () => void (this.dbWaitMs += performance.now() - started);
    // `done` never throws, so the promise `then` makes always fulfils: no unhandled rejection.
    pending.then(done, done);
  }

  /** The counters in Prometheus's exposition format (seconds, as Prometheus counts time). */
  exposition(): string {
    /** Milliseconds as seconds, to the microsecond. */
    const seconds = (ms: number) => Math.round(ms * 1000) / 1e6;
    const counter = (name: string, help: string, value: number) =>
      `# HELP ${name} ${help}\n# TYPE ${name} counter\n${name} ${value}\n`;
    return (
      counter('gateway_db_statements_total', 'SQL statements sent', this.statements) +
      counter(
        'gateway_db_round_trips_total',
        'Messages sent to the database and waited for (a transaction sent whole counts once)',
        this.dbRoundTrips,
      ) +
      counter('gateway_db_transactions_total', 'Database transactions begun', this.transactions) +
      counter(
        'gateway_db_wait_seconds_total',
        'Time SQL statements waited for their results, summed over statements',
        seconds(this.dbWaitMs),
      ) +
      counter(
        'gateway_db_pool_acquires_total',
        'Connections taken from the database pool',
        this.poolAcquires,
      ) +
      counter(
        'gateway_db_pool_wait_seconds_total',
        'Time spent waiting for a database pool connection, summed over acquisitions',
        seconds(this.poolWaitMs),
      ) +
      counter(
        'gateway_redis_round_trips_total',
        'Redis round trips (a pipeline or MULTI/EXEC block counts once)',
        this.redisRoundTrips,
      ) +
      counter(
        'gateway_redis_wait_seconds_total',
        'Time Redis round trips waited for their replies, summed over round trips',
        seconds(this.redisWaitMs),
      )
    );
  }
}

/**
 * Whether a statement begins a transaction: Kysely sends `begin` (and `start transaction ...`
 * on PostgreSQL with an isolation level). The first character is checked first, so most
 * statements cost one comparison.
 */
function beginsTransaction(sql: string): boolean {
  const first = sql.charCodeAt(0) | 0x20; // lower case for ASCII letters
  if (first === 0x62 /* b */) return /^begin\b/i.test(sql);
  if (first === 0x73 /* s */) return /^start\s+transaction\b/i.test(sql);
  return false;
}

/** The write target ioredis hands `sendCommand` for a command sent as part of a pipeline. */
interface PipelineStream {
  isPipeline?: boolean;
}

/**
 * Counts the round trips `client` makes into `io`, and times them. ioredis sends every
 * command, those of a pipeline or MULTI/EXEC block too, through `sendCommand`; a pipeline's
 * commands share one write target, made per pipeline and written to the socket in one go, so
 * a round trip is counted at a pipeline's first command and timed until that command's reply
 * (Redis answers a short pipeline in one write). The subscriber connection is not counted:
 * its messages are not answers to requests.
 */
export function countRoundTrips(client: Redis, io: IoCounters): void {
  const send = client.sendCommand.bind(client);
  let lastPipeline: PipelineStream | undefined;
  client.sendCommand = (command, stream) => {
    const pipeline = stream as PipelineStream | undefined;
    if (pipeline?.isPipeline) {
      if (pipeline === lastPipeline) return send(command, stream);
      lastPipeline = pipeline;
    }
    io.redisRoundTrips++;
    const started = performance.now();
    const reply = send(command, stream) as Promise<unknown>;
    const done = () => void (io.redisWaitMs += performance.now() - started);
    reply.then(done, done);
    return reply;
  };
}

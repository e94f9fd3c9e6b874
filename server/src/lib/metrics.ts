import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { IoCounters } from './io-counters.js';

/** Label values as the exposition format quotes them. */
const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

const labelText = (names: readonly string[], values: readonly string[]) =>
  names.map((name, i) => `${name}="${escapeLabel(values[i] ?? '')}"`).join(',');

/**
 * A metric counted on every request, by label values. prom-client hashes a label object on
 * each observation, which costs about as much as a relayed request's own bookkeeping; these
 * count into plain numbers under a key the caller builds once (the label values joined by
 * `\n`, which no label value of theirs holds) and are written out at a scrape.
 */
abstract class HotMetric<S> {
  protected readonly series = new Map<string, S>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
  ) {}

  /** The series of a key, made on first use. */
  protected at(key: string): S {
    let s = this.series.get(key);
    if (!s) this.series.set(key, (s = this.empty()));
    return s;
  }

  protected abstract empty(): S;

  protected labelsOf(key: string): string {
    return labelText(this.labelNames, key.split('\n'));
  }

  abstract exposition(): string;
}

/**
 * The keys of the last observation of a metric pair (a counter by two labels and a status, a
 * histogram by the two): the next observation nearly always has the same labels, and a key
 * used again needs neither building nor hashing again.
 */
class LastSeries {
  private first: string | null = null;
  private second: string | null = null;
  private status: string | number | null = null;
  /** `first\nsecond`: the histogram's key. */
  series = '';
  /** `first\nsecond\nstatus`: the counter's key. */
  counted = '';

  of(first: string, second: string, status: string | number): this {
    if (first !== this.first || second !== this.second) {
      this.first = first;
      this.second = second;
      this.status = null;
      // A label a client names (the model): a line break in it would split the key elsewhere.
      this.series = `${first.includes('\n') ? first.replace(/\n/g, ' ') : first}\n${second}`;
    }
    if (status !== this.status) {
      this.status = status;
      this.counted = `${this.series}\n${status}`;
    }
    return this;
  }
}

/** A counter by label values. */
export class HotCounter extends HotMetric<{ value: number }> {
  /** Adds `n` to the series of `key` (the label values joined by `\n`). */
  inc(key: string, n = 1): void {
    this.at(key).value += n;
  }

  protected empty() {
    return { value: 0 };
  }

  exposition(): string {
    let out = `# HELP ${this.name} ${this.help}\n# TYPE ${this.name} counter\n`;
    for (const [key, s] of this.series) out += `${this.name}{${this.labelsOf(key)}} ${s.value}\n`;
    return out;
  }
}

interface HistogramSeries {
  /** Observations per bucket (not cumulative); the last one is `+Inf`. */
  counts: number[];
  sum: number;
}

/** A histogram by label values, with fixed bucket bounds. */
export class HotHistogram extends HotMetric<HistogramSeries> {
  constructor(
    name: string,
    help: string,
    labelNames: readonly string[],
    private readonly buckets: readonly number[],
  ) {
    super(name, help, labelNames);
  }

  /** Counts `value` in the series of `key` (the label values joined by `\n`). */
  observe(key: string, value: number): void {
    const s = this.at(key);
    let i = 0;
    while (i < this.buckets.length && value > this.buckets[i]!) i++;
    s.counts[i]!++;
    s.sum += value;
  }

  protected empty(): HistogramSeries {
    return { counts: new Array<number>(this.buckets.length + 1).fill(0), sum: 0 };
  }

  exposition(): string {
    const { name } = this;
    let out = `# HELP ${name} ${this.help}\n# TYPE ${name} histogram\n`;
    for (const [key, s] of this.series) {
      const labels = this.labelsOf(key);
      let total = 0;
      this.buckets.forEach((le, i) => {
        total += s.counts[i]!;
        out += `${name}_bucket{le="${le}",${labels}} ${total}\n`;
      });
      total += s.counts[this.buckets.length]!;
      out += `${name}_bucket{le="+Inf",${labels}} ${total}\n`;
      out += `${name}_sum{${labels}} ${s.sum}\n${name}_count{${labels}} ${total}\n`;
    }
    return out;
  }
}

/**
 * The process's Prometheus metrics, served at `/metrics`: one per context (`ctx.metrics`),
 * created with it and stopped with it. prom-client gives the process metrics and the rare
 * counters; what is counted on every request is kept in `HotMetric`s.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Every HTTP answer, by route pattern (never the raw URL), method and status code. */
  readonly httpRequests = new HotCounter(
    'http_requests_total',
    'HTTP requests answered, by route pattern, method and status code',
    ['route', 'method', 'status'],
  );

  /** Time to answer an HTTP request, by route pattern and method. */
  readonly httpDuration = new HotHistogram(
    'http_request_duration_seconds',
    'Time from request to the end of the answer, by route pattern and method',
    ['route', 'method'],
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  );

  /** Relayed model requests by model, channel id and outcome (`success`, `error`, a status). */
  readonly relayRequests = new HotCounter(
    'relay_requests_total',
    'Relayed model requests, by model, channel id and outcome',
    ['model', 'channel', 'status'],
  );

  /** Upstream time of relayed requests (to the end of the stream), by model and channel id. */
  readonly relayUpstreamDuration = new HotHistogram(
    'relay_upstream_duration_seconds',
    'Time spent waiting on the upstream, by model and channel id',
    ['model', 'channel'],
    [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  );

  /** Mail handed to the SMTP server, by outcome. */
  readonly mailDeliveries = new Counter({
    name: 'mail_deliveries_total',
    help: 'E-mails handed to the SMTP server, by outcome (sent, failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /**
   * Statements, transactions, Redis round trips and their waits, counted by the database and
   * Redis clients of the same context (they are handed this object when created).
   */
  readonly io = new IoCounters();

  private readonly hot = [
    this.httpRequests,
    this.httpDuration,
    this.relayRequests,
    this.relayUpstreamDuration,
  ];

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  private readonly relayKeys = new LastSeries();

  /** Counts one relayed request and its upstream time. */
  observeRelay(model: string, channel: string, status: string, upstreamSeconds: number): void {
    const keys = this.relayKeys.of(model, channel, status);
    this.relayRequests.inc(keys.counted);
    this.relayUpstreamDuration.observe(keys.series, upstreamSeconds);
  }

  private readonly httpKeys = new LastSeries();

  /**
   * Counts and times every answer; unmatched URLs share one label so scanners add no series,
   * and so do the files a route marks `staticFile` (one route each).
   */
  observeHttpRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      const { config, url } = req.routeOptions;
      const route = (config as { staticFile?: boolean }).staticFile
        ? 'static'
        : (url ?? 'unmatched');
      const keys = this.httpKeys.of(route, req.method, reply.statusCode);
      this.httpRequests.inc(keys.counted);
      this.httpDuration.observe(keys.series, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The exposition text. */
  async scrape(): Promise<string> {
    const counted = this.hot.map((metric) => metric.exposition()).join('\n');
    return `${await this.registry.metrics()}\n${counted}\n${this.io.exposition()}`;
  }
}

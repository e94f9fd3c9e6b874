import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at `/metrics`: one per context (`ctx.metrics`),
 * created with it and stopped with it.
 */
export class Metrics {
  readonly registry = new Registry();

  /** Every HTTP answer, by route pattern (never the raw URL), method and status code. */
  readonly httpRequests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status code',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });

  /** Time to answer an HTTP request, by route pattern and method. */
  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });

  /** Relayed model requests by model, channel id and outcome (`success`, `error`, a status). */
  readonly relayRequests = new Counter({
    name: 'relay_requests_total',
    help: 'Relayed model requests, by model, channel id and outcome',
    labelNames: ['model', 'channel', 'status'] as const,
    registers: [this.registry],
  });

  /** Upstream time of relayed requests (to the end of the stream), by model and channel id. */
  readonly relayUpstreamDuration = new Histogram({
    name: 'relay_upstream_duration_seconds',
    help: 'Time spent waiting on the upstream, by model and channel id',
    labelNames: ['model', 'channel'] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
    registers: [this.registry],
  });

  /** Mail handed to the SMTP server, by outcome. */
  readonly mailDeliveries = new Counter({
    name: 'mail_deliveries_total',
    help: 'E-mails handed to the SMTP server, by outcome (sent, failed)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  /** Relayed requests counted since the last flush, by model, channel and outcome. */
  private readonly pendingRelay = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /**
   * Counts one relayed request and its upstream time. The count is aggregated in memory and
   * added to the counter once a second: labelled increments cost more than a map update on
   * the hot path.
   */
  observeRelay(model: string, channel: string, status: string, upstreamSeconds: number): void {
    const key = `${model}\n${channel}\n${status}`;
    this.pendingRelay.set(key, (this.pendingRelay.get(key) ?? 0) + 1);
    this.flushTimer ??= setTimeout(() => this.flush(), 1000).unref();
    this.relayUpstreamDuration.observe({ model, channel }, upstreamSeconds);
  }

  /** Adds the aggregated relay counts to their counter. */
  flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    for (const [key, n] of this.pendingRelay) {
      const [model, channel, status] = key.split('\n');
      this.relayRequests.inc({ model, channel, status }, n);
    }
    this.pendingRelay.clear();
  }

  /** Counts and times every answer; unmatched URLs share one label so scanners add no series. */
  observeHttpRequests(app: FastifyInstance): void {
    app.addHook('onResponse', (req, reply, done) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.httpRequests.inc({ route, method: req.method, status: reply.statusCode });
      this.httpDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The exposition text, with the relay counts up to now. */
  async scrape(): Promise<string> {
    this.flush();
    return this.registry.metrics();
  }
}

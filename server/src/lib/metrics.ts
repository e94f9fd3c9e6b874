import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** The process's Prometheus registry, served at `/metrics`. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

/** Every HTTP answer, by route pattern (never the raw URL), method and status code. */
export const httpRequestsTotal = new Counter({
  name: 'http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});

/** Time to answer an HTTP request, by route pattern and method. */
export const httpRequestDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from request to the end of the answer, by route pattern and method',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [metricsRegistry],
});

/** Relayed model requests by model, channel id and outcome (`success`, `error`, or a status code). */
export const relayRequestsTotal = new Counter({
  name: 'relay_requests_total',
  help: 'Relayed model requests, by model, channel id and outcome',
  labelNames: ['model', 'channel', 'status'] as const,
  registers: [metricsRegistry],
});

/** Upstream time of relayed requests (to the end of the stream), by model and channel id. */
export const relayUpstreamDuration = new Histogram({
  name: 'relay_upstream_duration_seconds',
  help: 'Time spent waiting on the upstream, by model and channel id',
  labelNames: ['model', 'channel'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  registers: [metricsRegistry],
});

/** Counts and times every answer; unmatched URLs share one label so scanners add no series. */
export function observeHttpRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    httpRequestsTotal.inc({ route, method: req.method, status: reply.statusCode });
    httpRequestDuration.observe({ route, method: req.method }, reply.elapsedTime / 1000);
    done();
  });
}

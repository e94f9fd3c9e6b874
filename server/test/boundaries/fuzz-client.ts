import type { FastifyInstance, HTTPMethods } from 'fastify';
import { deliberateServerStatus, leakIn, shapeProblem, type Answer } from './answer-checks.js';
import type { Probe } from './probes.js';

/** One request of the fuzz run. */
export interface FuzzRequest {
  /** Who sends it, for the report. */
  caller: string;
  method: HTTPMethods;
  url: string;
  headers: Record<string, string>;
  probe?: Probe;
}

/** How many problems are kept in full; the rest are only counted. */
const keptProblems = 60;

/**
 * Sends hostile requests in process and judges every answer: no unexpected 5xx, nothing
 * internal in the body, refusals in the route's own error shape.
 */
export class FuzzClient {
  /** Requests sent so far. */
  sent = 0;
  /** Problems found, one line each (the first `keptProblems`). */
  readonly problems: string[] = [];
  /** Problems found in all. */
  found = 0;
  /** Management answers that succeeded (`success: true`): how far the probes got. */
  succeeded = 0;
  /** Requests sent per status. */
  readonly statuses = new Map<number, number>();

  constructor(private readonly app: FastifyInstance) {}

  /** Records a problem found outside an answer (a count, a balance). */
  report(problem: string): void {
    this.found++;
    if (this.problems.length < keptProblems) this.problems.push(problem);
  }

  /** Sends one request, judges the answer and returns it. */
  async send(request: FuzzRequest): Promise<Answer> {
    const { probe } = request;
    const headers = { ...request.headers };
    if (probe) headers['content-type'] = probe.contentType ?? 'application/json';
    const res = await this.app.inject({
      method: request.method,
      url: request.url,
      headers,
      ...(probe ? { payload: probe.payload } : {}),
    });
    const answer: Answer = {
      status: res.statusCode,
      body: res.body,
      contentType: String(res.headers['content-type'] ?? ''),
    };
    this.sent++;
    this.statuses.set(answer.status, (this.statuses.get(answer.status) ?? 0) + 1);
    if (/^\{"success":true/.test(answer.body)) this.succeeded++;
    const where =
      `${request.caller} ${request.method} ${request.url.slice(0, 90)}` +
      (probe ? ` [${probe.label.slice(0, 60)}]` : '');
    if (answer.status >= 500 && !deliberateServerStatus(answer)) {
      this.report(`${where} → ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    const leak = leakIn(answer);
    if (leak) this.report(`${where} leaks ${leak}`);
    const shape = shapeProblem(request.method, request.url, answer);
    if (shape) this.report(`${where}: ${shape}`);
    return answer;
  }

  /** The problems as one message, for the assertion that there are none. */
  summary(): string {
    const more = this.found - this.problems.length;
    return [...this.problems, ...(more > 0 ? [`… and ${more} more`] : [])].join('\n');
  }
}

import type { HTTPMethods } from 'fastify';
import type { Answer } from './answer-checks.js';
import type { FuzzClient } from './fuzz-client.js';
import type { Caller, FuzzWorld } from './fuzz-world.js';
import { hostilePathValues } from './hostile-values.js';
import { sampleOf } from './json-sample.js';
import { fieldProbes, queryProbes, shapelessBodies, type Probe } from './probes.js';
import { fillPath, type RouteOperation } from './route-table.js';
import type { Random } from './seeded-random.js';

/** Methods that carry a body. */
export const bodyMethods = new Set<HTTPMethods>(['POST', 'PUT', 'PATCH', 'DELETE']);

/** How hard to push each operation: the full battery, or a few draws from it. */
export interface Intensity {
  pathValues: number;
  queries: number;
  fields: number;
  /** `Infinity` for every body probe. */
  bodies: number;
}

/** Every probe for root; a sample for the other callers, who are mostly refused early. */
export const intensities: Record<Caller['name'], Intensity> = {
  root: { pathValues: 8, queries: Infinity, fields: 12, bodies: Infinity },
  user: { pathValues: 3, queries: 3, fields: 4, bodies: 8 },
  anonymous: { pathValues: 2, queries: 1, fields: 2, bodies: 3 },
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Valid path values: the victim row for ids, a provider for `kind`. */
function validParam(world: FuzzWorld, url: string) {
  const hint = world.idHint(url);
  return (name: string) => (name === 'kind' ? 'github' : String(hint('id') ?? 1));
}

/**
 * Whether a caller without the role got anything but a refusal: 401 for the anonymous
 * caller, 403 for a user below the route's role, or the body's own refusal (400, 413, 415)
 * from parsing and routing, which run before authentication.
 */
function roleProblem(
  caller: Caller,
  op: RouteOperation,
  url: string,
  probe: Probe | undefined,
  a: Answer,
) {
  const needed = op.minRole ?? 0;
  if (needed === 0 || caller.role >= needed) return null;
  const expected = caller.name === 'anonymous' ? 401 : 403;
  if (a.status === expected || a.status === 401) return null;
  if (probe && [400, 413, 415].includes(a.status)) return null;
  // The router refuses a path parameter past its length before any route runs.
  if (
    a.status === 400 &&
    url
      .split('?')[0]!
      .split('/')
      .some((part) => part.length > 100)
  ) {
    return null;
  }
  const what = `${caller.name} ${op.method} ${url.slice(0, 90)} [${probe?.label ?? 'no body'}]`;
  return `${what} needs role ${needed}, answered ${a.status} ${a.body.slice(0, 120)}`;
}

/** The probes one operation gets from one caller. */
function operationProbes(
  world: FuzzWorld,
  op: RouteOperation,
  random: Random,
  level: Intensity,
): Array<[string, Probe | undefined]> {
  const hint = world.idHint(op.url);
  const body = op.body ? sampleOf(op.body, 'body', hint) : {};
  const hasBody = bodyMethods.has(op.method) && (op.method !== 'DELETE' || op.body !== undefined);
  const baseline: Probe | undefined = hasBody
    ? { label: 'valid-looking', payload: JSON.stringify(body) }
    : undefined;
  const url = fillPath(op.url, validParam(world, op.url));
  const out: Array<[string, Probe | undefined]> = [];
  if (/[:*]/.test(op.url)) {
    for (const value of random.sample(hostilePathValues, level.pathValues)) {
      out.push([fillPath(op.url, () => value), baseline]);
    }
  }
  const query = Object.fromEntries(
    op.query
      .map((p) => [p.name, sampleOf(p.schema, p.name, hint)] as const)
      .filter(([, v]) => typeof v !== 'object'),
  );
  for (const q of random.sample(queryProbes(op.query, query, random), level.queries)) {
    out.push([`${url}?${q}`, baseline]);
  }
  if (hasBody) {
    const probes = [
      ...shapelessBodies(),
      ...(isObject(body) ? fieldProbes(body, op.body ?? {}, random, level.fields) : []),
    ];
    for (const probe of random.sample(probes, level.bodies)) out.push([url, probe]);
  }
  return out;
}

/**
 * Sends every management operation of the OpenAPI document hostile path values, query
 * strings and bodies as `caller`, putting the callers back after each operation (a hostile
 * but valid body may well demote or lock out the account that sent it).
 */
export async function fuzzManagement(
  world: FuzzWorld,
  client: FuzzClient,
  operations: RouteOperation[],
  caller: Caller,
  random: Random,
): Promise<void> {
  const level = intensities[caller.name];
  for (const op of operations) {
    for (const [url, probe] of operationProbes(world, op, random, level)) {
      const answer = await client.send({
        caller: caller.name,
        method: op.method,
        url,
        headers: caller.console,
        probe,
      });
      const problem = roleProblem(caller, op, url, probe, answer);
      if (problem) client.report(problem);
    }
    await world.restoreCallers();
  }
}

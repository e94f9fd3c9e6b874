import { shapeFor } from './answer-checks.js';
import type { FuzzClient } from './fuzz-client.js';
import type { Caller } from './fuzz-world.js';
import { schemaOfSample } from './json-sample.js';
import { bodyMethods } from './management-battery.js';
import { fieldProbes, queryProbes, shapelessBodies, type Probe } from './probes.js';
import { hostileRelayParams, relayParam, relaySample } from './relay-samples.js';
import { fillPath, type RouteOperation } from './route-table.js';
import type { Random } from './seeded-random.js';

/**
 * The headers a caller's relay request carries: its `sk-` key in the header of the route's
 * protocol; a console caller without a key sends its console credentials (which the relay must
 * refuse); the playground takes the console's credentials.
 */
export function relayHeaders(caller: Caller, url: string, method = 'POST'): Record<string, string> {
  if (url.startsWith('/pg/') || !caller.key) return caller.console;
  switch (shapeFor(method, url)) {
    case 'anthropic':
      return { 'x-api-key': caller.key, 'anthropic-version': '2023-06-01' };
    case 'gemini':
      return { 'x-goog-api-key': caller.key };
    case 'midjourney':
      return { 'mj-api-secret': caller.key };
    default:
      return { authorization: `Bearer ${caller.key}` };
  }
}

/** The speed-mode copies of the Midjourney routes get a few probes, the rest everything. */
const isCopy = (url: string) => /^\/mj-(fast|relax|turbo)\//.test(url);

function relayProbes(
  op: RouteOperation,
  random: Random,
  full: boolean,
): Array<[string, Probe | undefined]> {
  const sample = relaySample(op.url);
  const hasBody = bodyMethods.has(op.method);
  const baseline: Probe | undefined = hasBody
    ? { label: 'valid-looking', payload: JSON.stringify(sample) }
    : undefined;
  const url = fillPath(op.url, (name) => relayParam(op.url, name));
  const out: Array<[string, Probe | undefined]> = [[url, baseline]];
  const params = [...op.url.matchAll(/:(\w+)|\*$/g)].map((m) => m[1] ?? '*');
  for (const name of params) {
    const values = random.sample(hostileRelayParams(name), full ? 8 : 1);
    for (const value of values) {
      const filled = fillPath(op.url, (n) => (n === name ? value : relayParam(op.url, n)));
      out.push([filled, baseline]);
    }
  }
  for (const q of random.sample(queryProbes([], {}, random), full ? 3 : 1)) {
    out.push([`${url}${url.includes('?') ? '&' : '?'}${q}`, baseline]);
  }
  if (hasBody) {
    const probes = [
      ...shapelessBodies(),
      ...fieldProbes(sample, schemaOfSample(sample), random, full ? 10 : 2),
    ];
    for (const probe of random.sample(probes, full ? Infinity : 4)) out.push([url, probe]);
  }
  return out;
}

/**
 * Sends every relay route (OpenAI, Anthropic, Gemini, Midjourney, Suno, video, dashboard,
 * playground) hostile path values, query strings and bodies as `caller`: everything for the
 * user with a key, a few probes for the callers the relay refuses.
 */
export async function fuzzRelay(
  client: FuzzClient,
  operations: RouteOperation[],
  caller: Caller,
  random: Random,
): Promise<void> {
  for (const op of operations) {
    const full = caller.name === 'user' && !isCopy(op.url);
    for (const [url, probe] of relayProbes(op, random, full)) {
      await client.send({
        caller: caller.name,
        method: op.method,
        url,
        headers: relayHeaders(caller, url, op.method),
        probe,
      });
    }
  }
}

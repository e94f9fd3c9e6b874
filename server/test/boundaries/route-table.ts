import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { JsonSchema } from './json-sample.js';
import type { QueryParameter } from './probes.js';

/** One method of one registered route, with what the OpenAPI document says about it. */
export interface RouteOperation {
  method: HTTPMethods;
  /** Fastify's path: `/api/user/:id`, `/v1beta/models/*`. */
  url: string;
  /** The JSON body schema, when the document declares one. */
  body?: JsonSchema;
  query: QueryParameter[];
  /** Lowest role allowed, `0` for public routes, `undefined` for undocumented routes. */
  minRole?: number;
  /** Relay routes that take an `sk-` key. */
  apiKey: boolean;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: Array<{ name: string; in: string; schema: JsonSchema }>;
  security?: Array<Record<string, string[]>>;
  'x-min-role'?: number;
}

/** The document's paths: operation by lower-case method, by OpenAPI path. */
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

/**
 * Every method of every route Fastify serves, read from its route tree. Each line is checked
 * with `hasRoute`, so a misread tree fails loudly rather than skipping routes; the tree prints
 * some wildcard routes (`/v1/*`, `/pg/*` …) as one root `*`, which is expanded by trying every
 * known path prefix.
 */
export function registeredRoutes(app: FastifyInstance): Array<[HTTPMethods, string]> {
  const routes: Array<[HTTPMethods, string]> = [];
  const collapsed: HTTPMethods[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) {
      if (line.trim()) throw new Error(`unreadable route line: ${line}`);
      continue;
    }
    const depth = match[1]!.length / 4;
    const parent = stack[depth - 1] ?? '';
    const segment = match[2]!;
    const url = segment === '*' && !parent.endsWith('/') ? `${parent}/*` : parent + segment;
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean) as HTTPMethods[]) {
      if (app.hasRoute({ method, url })) routes.push([method, url]);
      else if (url === '/*') collapsed.push(method);
      else throw new Error(`misread route ${method} ${url}`);
    }
  }
  const prefixes = new Set(routes.map(([, url]) => `/${url.split('/')[1]}`));
  for (const method of collapsed) {
    const found = [...prefixes].filter((p) => app.hasRoute({ method, url: `${p}/*` }));
    if (found.length === 0) throw new Error(`misread route ${method} *`);
    for (const p of found) {
      if (!routes.some(([m, u]) => m === method && u === `${p}/*`)) routes.push([method, `${p}/*`]);
    }
  }
  return routes;
}

/** `/api/user/:id` → `/api/user/{id}`, `/v1/models/*` → `/v1/models/{path}`. */
const toOpenApiPath = (url: string) =>
  url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{path}');

/** Every route operation, described by the OpenAPI document where it has an entry. */
export function routeOperations(app: FastifyInstance, paths: OpenApiPaths): RouteOperation[] {
  return registeredRoutes(app).map(([method, url]) => {
    const doc = paths[toOpenApiPath(url)]?.[method.toLowerCase()];
    const security = doc?.security ?? [];
    return {
      method,
      url,
      body: doc?.requestBody?.content?.['application/json']?.schema,
      query: (doc?.parameters ?? [])
        .filter((p) => p.in === 'query')
        .map((p) => ({ name: p.name, schema: p.schema })),
      minRole: doc ? (doc['x-min-role'] ?? 0) : undefined,
      apiKey: security.some((s) => 'apiKey' in s),
    };
  });
}

/** The route's path with every parameter (and a trailing `*`) replaced by `value`. */
export function fillPath(url: string, value: (name: string) => string): string {
  return url
    .replace(/:(\w+)(\([^)]*\))?/g, (_, name: string) => encodeURIComponent(value(name)))
    .replace(/\*$/, () => value('*'));
}

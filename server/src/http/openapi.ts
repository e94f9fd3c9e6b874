import { Role } from '@gateway/shared';
import type { z } from 'zod';
import { routeCatalog, type Access } from './route.js';
import {
  envelopeSchema,
  toSchema,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  type Parameter,
} from './openapi-schema.js';

/** Who may call a route that does not go through `defineRoute`. */
export type RawAccess = Access | 'apiKey';

/** A route outside `defineRoute` (relay, metrics, the document itself), described by hand. */
export interface RawRouteDoc {
  method: string;
  /** Fastify-style path (`/v1/models/:model`, `/mj/*`). */
  url: string;
  summary: string;
  tags?: string[];
  /** `apiKey` for relay routes that take an `sk-` key. */
  access: RawAccess;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** Schema of the whole answer body (no envelope). */
  response?: z.ZodType;
  /** Media type of the answer when not JSON, e.g. `text/event-stream` or `text/plain`. */
  responseType?: string;
}

/** Hand-declared routes, added by their owners with `declareRawRoute`. */
export const rawRouteCatalog: RawRouteDoc[] = [];

/** Adds a route that does not use `defineRoute` to the OpenAPI document. */
export function declareRawRoute(doc: RawRouteDoc): void {
  rawRouteCatalog.push(doc);
}

const consoleSecurity: Array<Record<string, string[]>> = [
  { sessionCookie: [], userId: [] },
  { accessToken: [], userId: [] },
];

/** Builds the OpenAPI 3.1 document of every `defineRoute` route and every declared raw route. */
export function buildOpenApiDocument(version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const add = (method: string, url: string, operation: Operation) => {
    const path = toOpenApiPath(url);
    paths[path] ??= {};
    paths[path][method.toLowerCase()] ??= operation;
  };
  for (const spec of routeCatalog) {
    const operation = describe({ ...spec, response: undefined });
    if (spec.bodyTypes) operation.requestBody = rawBody(spec.bodyTypes, spec.body);
    operation.responses = {
      '200': spec.answerType
        ? {
            description: 'Answer',
            content: { [spec.answerType]: { schema: rawSchema(spec.answerType) } },
          }
        : jsonResponse(
            'Envelope; `data` on success',
            // A route that declares no answer answers `data: null`.
            envelopeSchema(spec.response ? toSchema(spec.response) : { type: 'null' }),
          ),
      ...errorResponses(spec.access),
    };
    add(spec.method, spec.url, operation);
  }
  for (const doc of rawRouteCatalog) {
    const operation = describe(doc);
    const type = doc.responseType ?? 'application/json';
    operation.responses = {
      '200': { description: 'Answer', content: { [type]: { schema: toSchema(doc.response) } } },
      ...errorResponses(doc.access),
    };
    add(doc.method, doc.url, operation);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AI gateway API',
      version,
      description: moneyRules,
    },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
        accessToken: { type: 'apiKey', in: 'header', name: 'Authorization' },
        userId: { type: 'apiKey', in: 'header', name: 'New-Api-User' },
        apiKey: { type: 'http', scheme: 'bearer', description: 'API key `sk-...`' },
      },
    },
  };
}

/** The schema of a body that is not JSON: text, or bytes. */
const rawSchema = (type: string): JsonSchema =>
  type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' };

/** A request body taken as it comes, in one of `types` (a form's fields by `body`'s schema). */
function rawBody(types: readonly string[], body: z.ZodType | undefined): Operation['requestBody'] {
  const schemaOf = (type: string) =>
    type === 'application/x-www-form-urlencoded' && body
      ? toSchema(body, 'input')
      : rawSchema(type);
  return {
    required: true,
    content: Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }])),
  };
}

/** How balances move, for every caller of the API (shown as the document's description). */
const moneyRules = [
  'Money: every balance change is one guarded statement written with its log row.',
  'A relay request holds its estimated cost while it runs (taken from the balances on',
  'PostgreSQL and MySQL; on SQLite held in the one process, which the balances show only once',
  'charged). A relay answer is charged before its last bytes leave (the end of a JSON body,',
  'the final SSE event), so an answer received whole is always billed, even after a crash;',
  'what was never delivered costs nothing (a hold a crash left is given back at the next',
  'start). Partial answers (client gone, upstream cut',
  'or failed mid-stream) are billed for what was delivered, counted with the tokenizer when',
  'the upstream sent no usage, and logged with `partial: true` and `stream_status`.',
  'Administrators change balances by delta (`POST /api/user/manage`, `add_quota`) or by',
  'compare-and-set (`PUT /api/user/` with `quota` and `original_quota`, the value read);',
  "a stale balance is refused with `quota_changed`; a key's quota the same way",
  '(`PUT /api/token/` with `remain_quota` and `original_remain_quota`). Amounts and balances',
  'stay within 2^53 - 1 (`quota_too_large`). Every balance change (relay reserve, settle and',
  'refund, administrator changes, gifts, key quotas) is one guarded statement plus a ledger',
  'row in the same transaction: account, delta, balance after, reason, reference and operator',
  '(`GET /api/ledger/self`, `GET /api/ledger/`), so every balance is the sum of its rows.',
  'Money in: redemption codes (`/api/redemption`, redeemed once by `POST /api/user/topup`),',
  'payment gateways (`/api/payment/gateway`, secrets never returned) and top-up orders',
  '(`/api/user/pay`, `/api/user/topup/*`). Provider callbacks (`/api/user/epay/notify`,',
  '`/api/stripe/webhook/{gateway}`) are verified before anything else and credit an order',
  'once; a closed order is never credited by a callback.',
].join(' ');

/** The parts of an operation shared by both kinds of route. */
function describe(doc: Omit<RawRouteDoc, 'access'> & { access: RawAccess }): Operation {
  const parameters = [
    ...pathParameters(doc.url, doc.params),
    ...schemaParameters(doc.query, 'query'),
  ];
  const operation: Operation = { summary: doc.summary, tags: doc.tags ?? [], responses: {} };
  if (parameters.length) operation.parameters = parameters;
  if (doc.body) {
    operation.requestBody = {
      required: true,
      content: { 'application/json': { schema: toSchema(doc.body, 'input') } },
    };
  }
  if (doc.access === 'apiKey') operation.security = [{ apiKey: [] }];
  else if (doc.access === 'public') operation.security = [];
  else {
    operation.security = consoleSecurity;
    operation['x-min-role'] = doc.access;
  }
  return operation;
}

function errorResponses(access: RawAccess): Record<string, { description: string }> {
  if (access === 'public') return {};
  const unauthorized = { '401': { description: 'Not signed in, or the user-id header is wrong' } };
  if (access === 'apiKey' || access <= Role.user) return unauthorized;
  return { ...unauthorized, '403': { description: `Needs role ${access} or higher` } };
}

function jsonResponse(description: string, schema: JsonSchema) {
  return { description, content: { 'application/json': { schema } } };
}

/** `/api/user/:id` → `/api/user/{id}`; a trailing `*` becomes `{path}`. */
function toOpenApiPath(url: string): string {
  return url.replace(/:(\w+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{path}');
}

/** Path parameters: from the params schema where given, as strings otherwise. */
function pathParameters(url: string, params?: z.ZodType): Parameter[] {
  const names = [...toOpenApiPath(url).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const described = schemaParameters(params, 'path');
  return names.map(
    (name) =>
      described.find((p) => p.name === name) ?? {
        name,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      },
  );
}

/** One parameter per property of an object schema. */
function schemaParameters(schema: z.ZodType | undefined, where: 'query' | 'path'): Parameter[] {
  if (!schema) return [];
  const json = toSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

import { z } from 'zod';

/** A JSON Schema (2020-12, as OpenAPI 3.1 uses). */
export type JsonSchema = Record<string, unknown>;

/** One parameter of an operation. */
export interface Parameter {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the document. */
export interface Operation {
  summary: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
  security?: Array<Record<string, string[]>>;
  /** Lowest role (1 user … 100 root) allowed to call a console route. */
  'x-min-role'?: number;
}

/** The OpenAPI 3.1 document served at `/api/openapi.json`. */
export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, JsonSchema> };
}

/**
 * A zod schema as JSON Schema: the accepted input for requests, the produced output for
 * answers. Parts JSON Schema cannot express (transforms, custom checks) become `{}`.
 */
export function toSchema(
  schema: z.ZodType | undefined,
  io: 'input' | 'output' = 'output',
): JsonSchema {
  if (!schema) return {};
  const json: JsonSchema = z.toJSONSchema(schema, { io, unrepresentable: 'any', reused: 'inline' });
  delete json.$schema;
  return json;
}

/** The management envelope around a `data` schema. */
export function envelopeSchema(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    properties: {
      success: { type: 'boolean' },
      message: { type: 'string' },
      code: { type: 'string', description: 'Stable error id on failures' },
      data,
    },
    required: ['success', 'message'],
  };
}

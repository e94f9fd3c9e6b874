import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCatalog } from '../../src/http/route.js';
import { createTestApp, testDb, type TestApp } from '../helpers/test-context.js';

interface Operation {
  summary: string;
  parameters?: Array<{ name: string; in: string; required: boolean }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
  'x-min-role'?: number;
}

describe(`GET /api/openapi.json on ${testDb}`, () => {
  let t: TestApp;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.headers['content-type']).toContain('application/json');
    const document = JSON.parse(res.body);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBeTruthy();
    paths = document.paths;
  });
  afterAll(() => t.cleanup());

  it('describes every defineRoute route', () => {
    expect(routeCatalog.length).toBeGreaterThan(5);
    for (const spec of routeCatalog) {
      const path = spec.url.replace(/:(\w+)/g, '{$1}');
      const operation = paths[path]?.[spec.method.toLowerCase()];
      expect(operation, `${spec.method} ${spec.url}`).toBeDefined();
      expect(operation.summary).toBe(spec.summary);
      for (const name of path.match(/\{\w+\}/g) ?? []) {
        expect(operation.parameters?.map((p) => `{${p.name}}`)).toContain(name);
      }
    }
  });

  it('carries the request body, the envelope data and the access rule', () => {
    const put = paths['/api/option/'].put;
    const body = put.requestBody?.content['application/json'].schema;
    expect(body).toMatchObject({ type: 'object', required: ['key', 'value'] });
    expect(put['x-min-role']).toBe(100);
    expect(Object.keys(put.responses)).toEqual(['200', '401', '403']);

    const status = paths['/api/status'].get;
    expect(status.security).toEqual([]);
    const envelope = status.responses['200'].content?.['application/json'].schema as {
      properties: { data: { properties: Record<string, unknown>; required: string[] } };
    };
    expect(envelope.properties.data.required).toContain('system_name');
    expect(envelope.properties.data.properties.setup).toEqual({ type: 'boolean' });
  });

  it('includes hand-declared routes', () => {
    expect(paths['/metrics'].get.responses['200'].content).toHaveProperty(['text/plain']);
    expect(paths['/api/openapi.json'].get).toBeDefined();
  });

  it('gives the media types of bodies and answers that are not JSON', () => {
    for (const url of ['/api/log/self/export', '/api/log/export']) {
      expect(Object.keys(paths[url]!.get!.responses['200']!.content!)).toEqual(['text/csv']);
    }
    const file = paths['/api/invoice/{id}/file']!;
    expect(Object.keys(file.get!.responses['200']!.content!)).toEqual(['application/pdf']);
    expect(Object.keys(file.put!.requestBody!.content)).toEqual([
      'application/pdf',
      'application/octet-stream',
    ]);
    expect(file.put!.requestBody!.content['application/pdf']!.schema).toMatchObject({
      format: 'binary',
    });
    const notify = Object.entries(paths).find(([path]) => path.includes('epay/notify'))![1];
    expect(Object.keys(notify.post!.requestBody!.content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
    expect(Object.keys(notify.post!.responses['200']!.content!)).toEqual(['text/plain']);
  });

  it('says `data` is null where a route answers nothing, and never leaves it open', () => {
    const deleted =
      paths['/api/token/{id}']!.delete!.responses['200']!.content!['application/json']!;
    expect(deleted.schema).toMatchObject({ properties: { data: { type: 'null' } } });
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const json = operation.responses['200']?.content?.['application/json'];
        const data = (json?.schema.properties as Record<string, unknown> | undefined)?.data;
        if (data !== undefined) expect(data, `${method} ${path}`).not.toEqual({});
      }
    }
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { fetchDocument, operationsOf } from '../helpers/openapi.js';
import { registeredRoutes } from '../helpers/routes.js';

vi.mock('fastify', async (importOriginal) => (await import('../helpers/routes.js')).recordingFastify(importOriginal));

/** Fastify's `/items/:id` as OpenAPI writes it: `/items/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Z_]\w*)/gi, '{$1}');

describe('the OpenAPI description at /api/openapi.json', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('is OpenAPI 3.1 and lists every registered API route with its method', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    const routes = (registeredRoutes.get(t.app) ?? []).filter(
      (route) => route.url.startsWith('/api/') && route.url !== '/api/openapi.json' && route.method !== 'HEAD',
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const operations = document.paths[openApiPath(route.url)];
      expect(operations, `${route.method} ${route.url}`).toBeDefined();
      expect(operations?.[route.method.toLowerCase()], `${route.method} ${route.url}`).toBeDefined();
    }
  });

  it('states the declared order of each public list', async () => {
    const { paths } = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, { get?: { description?: string } }> };
    expect(paths['/api/vacancies']?.get?.description).toContain('ordered by `public_at` descending, then `id` descending');
  });

  it('describes the admin writes from the resource declarations: fields, limits, required ones, multipart', async () => {
    const { paths } = (await t.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }>; required?: string[] } }> } }>
      >;
    };
    const pressAdd = paths['/api/admin/media-other/add']?.post?.requestBody?.content['application/json']?.schema;
    expect(pressAdd?.properties.title?.maxLength).toBe(500);
    expect(pressAdd?.required).toEqual(expect.arrayContaining(['title', 'url', 'public_at']));
    const newsAdd = paths['/api/admin/news/add']?.post?.requestBody?.content['multipart/form-data']?.schema;
    expect(newsAdd?.properties.title?.maxLength).toBe(300);
  });

  it('gives every operation a summary, an id, a tag, its security, its success answer and its error answers', async () => {
    const document = await fetchDocument(t.app);
    const problems: string[] = [];
    const operations = operationsOf(document);
    expect(new Set(operations.map(({ operation }) => operation.operationId)).size).toBe(operations.length);
    for (const { path, method, operation } of operations) {
      const name = `${method.toUpperCase()} ${path}`;
      const statuses = Object.keys(operation.responses);
      const expected: string[] = [];
      const bearer = path.startsWith('/api/admin/') || path === '/api/site/logout';
      if (bearer) expected.push('401', '403');
      if (method === 'post' || method === 'put') expected.push('400', '413', '415');
      if (path.includes('{')) expected.push('404');
      const missing = expected.filter((status) => !statuses.includes(status));
      if (missing.length) problems.push(`${name}: no answer declared for ${missing.join(', ')}`);
      if (!operation.summary || !operation.operationId || !operation.tags?.length) problems.push(`${name}: no summary, id or tag`);
      const security = JSON.stringify(operation.security);
      const publicRead = path === '/api/site/refresh' ? '[{"refreshCookie":[]}]' : '[]';
      if (security !== (bearer ? '[{"bearer":[]}]' : publicRead)) problems.push(`${name}: security ${security}`);
      const success = statuses.filter((status) => status.startsWith('2'));
      // The library's upload answers 201 for a new asset, 200 for the one already holding the same bytes.
      const successes = name === 'POST /api/admin/assets/upload' ? 2 : 1;
      if (success.length !== successes) problems.push(`${name}: success answers ${success.join(', ')}`);
      for (const [status, response] of Object.entries(operation.responses)) {
        const withoutSchema = Object.entries(response.content ?? {}).filter(([, media]) => !media.schema);
        if (withoutSchema.length || (!response.content && status !== '204')) problems.push(`${name}: ${status} without a schema`);
      }
    }
    expect(problems).toEqual([]);
  });
});

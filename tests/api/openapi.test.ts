import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { registeredRoutes } from '../helpers/routes.js';

vi.mock('fastify', async (importOriginal) => (await import('../helpers/routes.js')).recordingFastify(importOriginal));

/** Fastify's `/items/:id` as OpenAPI writes it: `/items/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z_]\w*)/g, '{$1}');

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
});

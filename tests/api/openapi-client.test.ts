import { readFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { API_TYPES_FILE, liveDocument, renderApiTypes } from '../helpers/apiTypes.js';
import { userWithToken } from '../helpers/auth.js';
import type { paths } from '../generated/api.js';

/**
 * The client a consumer would generate from the document: tests/generated/api.ts is what openapi-typescript makes
 * of the live document, and openapi-fetch calls a listening server with it, typed (`tsc` checks these calls).
 */
describe('a typed client generated from the OpenAPI document', () => {
  let t: TestApp;
  let client: ReturnType<typeof createClient<paths>>;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp('sqlite', { seedDemo: true });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    client = createClient<paths>({ baseUrl: address });
    ({ headers } = await userWithToken(t.app, 'MANAGER'));
  });
  afterAll(() => t.close());

  it('is committed as the live document generates it (npm run api:types)', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    expect(committed === (await renderApiTypes(await liveDocument(t.app))), 'tests/generated/api.ts is stale: run npm run api:types').toBe(true);
  });

  it('reads public lists and items with their types', async () => {
    const { data, response } = await client.GET('/api/news/items', { params: { query: { ourPage: 1 } } });
    expect(response.status).toBe(200);
    const first = data?.data.items[0];
    expectTypeOf(first?.title).toEqualTypeOf<string | undefined>();
    expectTypeOf(first?.image).toEqualTypeOf<
      | {
          src: string;
          width: number;
          height: number;
          alt: string;
          variants: { src: string; width: number; format: 'webp' | 'avif' }[];
          crops?: { shape: 'card' | 'photo' | 'og'; src: string; width: number; height: number }[];
        }
      | null
      | undefined
    >();
    expect(typeof first?.title).toBe('string');

    const item = await client.GET('/api/news/item/{id}', { params: { path: { id: String(first?.id) } } });
    expectTypeOf(item.data?.data.views).toEqualTypeOf<number | undefined>();
    expect(item.data?.data.slug).toBe(first?.slug);

    const missing = await client.GET('/api/news/item/{id}', { params: { path: { id: 'no-such-news' } } });
    expect(missing.response.status).toBe(404);
    expectTypeOf(missing.error?.message).toEqualTypeOf<string | undefined>();
    expect(missing.error?.message).toBe('Новость не найдена.');
  });

  it('writes and reads an admin record with the bearer token', async () => {
    const added = await client.POST('/api/admin/media-other/add', {
      headers,
      body: { title: 'О компании написали', url: 'https://example.org/statya', public_at: '2026-01-15T09:00:00.000Z' },
    });
    expect(added.response.status).toBe(200);
    const id = added.data?.data.id;
    expectTypeOf(id).toEqualTypeOf<number | undefined>();

    const read = await client.GET('/api/admin/media-other/{id}', { headers, params: { path: { id: String(id) } } });
    expectTypeOf(read.data?.data.source_id).toEqualTypeOf<number | null | undefined>();
    // The title is typeset on save: «О» keeps to the next word.
    expect(read.data?.data).toMatchObject({ id, title: 'О\u00a0компании написали', source_id: null, published: 1 });
    expect(read.response.headers.get('etag')).toBe(`"${String(read.data?.data.version)}"`);

    const list = await client.GET('/api/admin/media-other', { headers, params: { query: { range: '[0,0]' } } });
    expect(list.response.headers.get('content-range')).toMatch(/^media-other 0-0\/\d+$/);

    const refused = await client.GET('/api/admin/media-other/{id}', { params: { path: { id: String(id) } } });
    expect(refused.response.status).toBe(401);
    expectTypeOf(refused.error?.errors).toEqualTypeOf<Record<string, string[]> | undefined>();
  });
});

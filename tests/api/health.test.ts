import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';

describe.each(await testDialects())('API home and health on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers the API home with the list of reads', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.reads).toContain('/api/news/items');
  });

  it('reports the database as healthy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ data: { status: 'ok', database: dialect } });
  });

  it('reports readiness: the database and the uploads storage answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { status: 'ready', database: dialect, storage: 'local' } });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'This page could not be found' });
  });

  it('sets the security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a page parameter given twice', '/api/news/items?ourPage=1&ourPage=2', 404],
    ['an id far too long', `/api/news/item/${'x'.repeat(1000)}`, 404],
    ['percent-encoded junk in an id', '/api/media/item/%E0%A4%A', 400],
  ])('answers %s with a 4xx, never 500', async (_name, url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  it('never answers 500 to odd values on any public read', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api' })).json().data.reads as string[];
    const odd = ['', '0', '-1', 'NaN', '1e309', '%00', '..%2F..%2Fetc%2Fpasswd', "1' or '1'='1", '[]', '{"a":1}'];
    for (const template of paths) {
      for (const value of odd) {
        const url = template.replace(/\{\w+\}/, encodeURIComponent(value) || 'x');
        const query = `?page=${value}&ourPage=${value}&otherPage=${value}&videoPage=${value}`;
        const response = await t.app.inject({ method: 'GET', url: url + query });
        expect(response.statusCode, `${url}${query}`).toBeLessThan(500);
      }
    }
  });
});

import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ApiClientModule from '../../dataProvider/apiClient.js';

/**
 * The admin's HTTP client in Chromium, on the XMLHttpRequest transport: the sources of dataProvider/httpClient.ts and
 * apiClient.ts, compiled as they are, on a page of a small server (react-admin's HttpError stands in through an
 * import map), so the browser's own behaviour is checked: upload progress, cookies, headers, timeout, cancellation.
 */

type ClientModule = typeof ApiClientModule;

/** What the server saw of each request. */
const seen: { method: string; url: string; headers: IncomingHttpHeaders; bytes: number; body: string }[] = [];
let server: Server;
let browser: Browser;
let page: Page;

const HTTP_ERROR_STUB = `export class HttpError extends Error {
  constructor(message, status, body = null) { super(message); this.status = status; this.body = body; }
}`;

beforeAll(async () => {
  const compiled = async (name: string) => {
    const source = await readFile(new URL(`../../dataProvider/${name}.ts`, import.meta.url), 'utf8');
    return ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
  };
  const modules = new Map([
    ['/httpClient.js', await compiled('httpClient')],
    ['/apiClient.js', await compiled('apiClient')],
  ]);
  const html = [
    '<!doctype html><title>client</title>',
    '<script type="importmap">{"imports":{"react-admin":"/react-admin.js"}}</script>',
    '<script type="module">import * as client from "/apiClient.js"; window.client = client;</script>',
  ].join('');
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // Uploads are read slowly, as over a real network, so that the browser reports their progress on the way.
      if (request.url?.endsWith('/add')) {
        request.pause();
        setTimeout(() => request.resume(), 10);
      }
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? '/';
      const script = (text: string) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(text);
      };
      if (url === '/') {
        response.setHeader('content-type', 'text/html');
        response.setHeader('set-cookie', 'session_probe=1; Path=/; HttpOnly');
        return void response.end(html);
      }
      const module = modules.get(url);
      if (module) return script(module);
      if (url === '/react-admin.js') return script(HTTP_ERROR_STUB);
      seen.push({ method: request.method ?? '', url, headers: request.headers, bytes: body.length, body: body.subarray(0, 2_000).toString('utf8') });
      // Never answered: the client gives up or cancels it (the connections are closed after the tests).
      if (url === '/slow') return;
      response.setHeader('content-type', 'application/json');
      if (url === '/invalid') {
        response.statusCode = 422;
        return void response.end(JSON.stringify({ message: 'Проверьте поля.', errors: { title: ['Обязательное поле.'] } }));
      }
      response.setHeader('content-range', 'news 0-0/1');
      response.end(JSON.stringify({ data: { ok: true } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await sharedChromium();
  page = await browser.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'client' in window);
}, 120_000);

afterAll(async () => {
  await releaseChromium(browser);
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('the admin HTTP client in Chromium', () => {
  it('uploads a form as multipart with the Bearer token and reports the upload on the way up to 100 %', async () => {
    const percents = await page.evaluate(async () => {
      const { createApiClient } = (window as unknown as { client: ClientModule }).client;
      const http = createApiClient({ getToken: () => 'token-1' });
      const form = new FormData();
      form.append('title', 'Отчёт');
      form.append('file', new Blob([new Uint8Array(8 * 1024 * 1024)], { type: 'application/pdf' }), 'report.pdf');
      const reported: number[] = [];
      const response = await http.post('/api/admin/investor-documents/add', form, {
        onUploadProgress: ({ loaded, total }) => reported.push(Math.round((loaded * 100) / total)),
      });
      return { reported, data: response.data };
    });
    expect(percents.data).toEqual({ data: { ok: true } });
    expect(percents.reported.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(percents.reported.at(-1)).toBe(100);
    expect([...percents.reported].sort((a, b) => a - b)).toEqual(percents.reported);
    const upload = seen.find((request) => request.url === '/api/admin/investor-documents/add');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload?.headers.authorization).toBe('Bearer token-1');
    expect(upload?.bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(upload?.body).toContain('filename="report.pdf"');
  });

  it('sends the page’s cookies, JSON as application/json, body-less POSTs without a Content-Type, and reads the headers', async () => {
    const answer = await page.evaluate(async () => {
      const { createApiClient, createFetchJson } = (window as unknown as { client: ClientModule }).client;
      const http = createApiClient({ getToken: () => undefined });
      await http.post('/api/admin/news/add', { title: 'Новость' });
      await http.post('/api/admin/news/fix/1');
      const list = await createFetchJson(http)('/api/admin/news');
      return { range: list.headers.get('Content-Range'), json: list.json };
    });
    expect(answer).toEqual({ range: 'news 0-0/1', json: { ok: true } });
    const [json, bodyLess, list] = seen.filter((request) => /^\/api\/admin\/news/.test(request.url));
    expect(json).toMatchObject({ method: 'POST', body: '{"title":"Новость"}' });
    expect(json?.headers['content-type']).toBe('application/json');
    expect(bodyLess).toMatchObject({ method: 'POST', bytes: 0 });
    expect(bodyLess?.headers['content-type']).toBeUndefined();
    expect(bodyLess?.headers.authorization).toBeUndefined();
    expect(list?.headers.cookie).toBe('session_probe=1');
  });

  it('turns a timeout, a cancellation and a refused form into the toasts and the field errors', async () => {
    type Failure = { message: string; status: number; body: unknown } | null;
    type Cancelling = Window & { __cancelled?: Promise<Failure>; __cancel?: () => void };
    const held = seen.filter((request) => request.url === '/slow').length;
    await page.evaluate(() => {
      const { createApiClient } = (window as unknown as { client: ClientModule }).client;
      const controller = new AbortController();
      const w = window as Cancelling;
      w.__cancel = () => controller.abort();
      w.__cancelled = createApiClient({ getToken: () => 't' })
        .get('/slow', { signal: controller.signal })
        .then(
          () => null,
          (error: { message: string; status: number; body: unknown }) => ({ message: error.message, status: error.status, body: error.body }),
        );
    });
    // Cancelled while the server holds it.
    await expect.poll(() => seen.filter((request) => request.url === '/slow').length).toBe(held + 1);
    await page.evaluate(() => (window as Cancelling).__cancel?.());
    const errors = await page.evaluate(async () => {
      const { createApiClient } = (window as unknown as { client: ClientModule }).client;
      const http = createApiClient({ getToken: () => 't', timeout: 200 });
      const failure = (promise: Promise<unknown>) =>
        promise.then(
          () => null,
          (error: { message: string; status: number; body: unknown }) => ({ message: error.message, status: error.status, body: error.body }),
        );
      return {
        timeout: await failure(http.get('/slow')),
        cancelled: await (window as Cancelling).__cancelled,
        invalid: await failure(http.post('/invalid', { title: '' })),
      };
    });
    expect(errors.timeout).toEqual({ message: 'app.error.timeout', status: 0, body: { message: 'timeout of 200ms exceeded' } });
    expect(errors.cancelled).toEqual({ message: 'app.error.network', status: 0, body: { message: 'canceled' } });
    expect(errors.invalid).toEqual({ message: 'Проверьте поля.', status: 422, body: { message: 'Проверьте поля.', errors: { title: 'Обязательное поле.' } } });
  });
});

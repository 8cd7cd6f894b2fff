// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xhrTransport, type TransportRequest } from '../../dataProvider/httpClient.js';

/** What the server saw of the last request. */
let seen: { method: string; headers: IncomingMessage['headers']; body: string } | null = null;
/** How many requests to /slow the server holds: it never answers them. */
let slowHeld = 0;
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom's page is on another origin: the server allows it, as a same-origin admin never needs.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', '*');
    response.setHeader('access-control-expose-headers', 'content-range');
    if (request.method === 'OPTIONS') {
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen = { method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      if (request.url === '/slow') return void slowHeld++;
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.setHeader('content-type', 'application/json');
      response.setHeader('content-range', 'news 0-0/1');
      response.end(JSON.stringify({ data: { path: request.url } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (path: string, extra: Partial<TransportRequest> = {}): TransportRequest => ({
  method: 'GET',
  url: `${origin}${path}`,
  headers: {},
  timeout: 5_000,
  withCredentials: false,
  ...extra,
});

/** jsdom's XMLHttpRequest; the upload's progress, which jsdom does not measure, is checked in Chromium (httpClient.browser.test.ts). */
describe('the XMLHttpRequest transport', () => {
  it('answers any status with its headers and body text, and sends the headers and the body', async () => {
    const answer = await xhrTransport(
      request('/missing', { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer t' }, body: '{"a":1}' }),
    );
    expect(answer.status).toBe(404);
    expect(new Headers(answer.headers).get('Content-Range')).toBe('news 0-0/1');
    expect(JSON.parse(answer.body)).toEqual({ data: { path: '/missing' } });
    expect(seen).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer t', 'content-type': 'application/json' } });
  });

  it('sends a form as multipart with the boundary it wrote', async () => {
    const form = new FormData();
    form.append('file', new Blob(['x'.repeat(1_000)]), 'small.txt');
    await xhrTransport(request('/upload', { method: 'POST', body: form }));
    expect(seen?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.body).toContain('filename="small.txt"');
  });

  it('fails with a timeout message, on cancellation and when nothing answers', async () => {
    await expect(xhrTransport(request('/slow', { timeout: 100 }))).rejects.toThrow('timeout of 100ms exceeded');
    const controller = new AbortController();
    const held = slowHeld;
    const cancelled = xhrTransport(request('/slow', { signal: controller.signal }));
    // Cancelled while the server holds it.
    await expect.poll(() => slowHeld).toBe(held + 1);
    controller.abort();
    await expect(cancelled).rejects.toThrow('canceled');
    await expect(xhrTransport(request('/', { url: 'http://127.0.0.1:9/' }))).rejects.toThrow('Network Error');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as FastifyModule from 'fastify';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { prng, randomBody, randomParam, randomQuery, safeEncode, type Random } from '../helpers/fuzz.js';
import { badTokens, expiredToken } from './auth-helpers.js';

/**
 * Random and malformed requests against every REGISTERED route (collected with an `onRoute` hook, so a new route
 * is fuzzed the day it is added): random path parameters, query strings, bodies of every kind and tokens of
 * every role. Nothing may answer 5xx, and over a real socket no connection may be dropped. The PRNG is seeded
 * (`FUZZ_SEED`), so a failure names its seed and request and replays exactly.
 */

const registered = vi.hoisted(() => new Map<FastifyInstance, { method: string; url: string }[]>());

vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const wrapped = (options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    const routes: { method: string; url: string }[] = [];
    registered.set(app as unknown as FastifyInstance, routes);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method: String(method), url: route.url });
    });
    return app;
  };
  return { ...actual, default: wrapped as unknown as typeof actual.default, fastify: wrapped as unknown as typeof actual.fastify };
});

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const INJECTED = Number(process.env.FUZZ_REQUESTS ?? 2000);
const OVER_SOCKET = Number(process.env.FUZZ_SOCKET_REQUESTS ?? 300);
const PARALLEL = 8;

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

interface Outcome {
  request: FuzzRequest;
  status: number;
  body: string;
  contentType: string;
}

const describeRequest = (request: FuzzRequest) =>
  `${request.method} ${request.url.slice(0, 200)} [${request.headers['content-type'] ?? 'no body'}] ${request.headers.authorization ? 'with token' : ''}`;

describe.each(await testDialects())('fuzzing every registered route on %s', (dialect) => {
  let t: TestApp;
  let routes: { method: string; url: string }[];
  let tokens: string[];
  let png: Buffer;
  const refreshTokens: (() => Promise<string[]>)[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { seedDemo: false });
    await t.app.ready();
    const collected = registered.get(t.app) ?? [];
    const unique = new Map(collected.filter((route) => route.method !== 'HEAD').map((route) => [`${route.method} ${route.url}`, route]));
    routes = [...unique.values()];
    png = await sharp({ create: { width: 24, height: 16, channels: 3, background: '#369' } })
      .png()
      .toBuffer();

    const manager = await userWithToken(t.app, 'MANAGER');
    const user = await userWithToken(t.app, 'USER');
    const bad = Object.values(await badTokens(manager.user));
    const expired = await expiredToken(manager.user);
    // A fuzzed request may change a password or role and so end the session: tokens are re-signed now and then.
    const sign = async () => {
      const { signAccessToken } = await import('../../server/auth/tokens.js');
      const rows = await t.app.db.selectFrom('users').selectAll().where('id', 'in', [manager.user.id, user.user.id]).execute();
      return Promise.all(rows.map((row) => signAccessToken(t.app.config.jwtSecret, row)));
    };
    refreshTokens.push(async () => [...(await sign()), ...bad, expired, 'garbage', '']);
    tokens = await refreshTokens[0]!();
  }, 120_000);
  afterAll(() => t?.close());

  function makeRequest(random: Random, index: number): FuzzRequest {
    const route = random.pick(routes);
    const method = random.chance(0.9) ? route.method : random.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
    let path = route.url
      .replace(/:[A-Z_]+/gi, () => randomParam(random))
      .replace(/\*$/, () => random.pick(['', 'news', 'news/%00', 'a%00b', 'investoram/2147483648', 'x'.repeat(300), '%E0%A4%A']));
    if (random.chance(0.03)) path += random.pick(['/', '//', '/..', '%', '%zz']);
    const headers: Record<string, string> = {};
    const auth = random.int(4);
    if (auth > 0) {
      // Valid tokens of each role most of the time, so that requests get past the guard to validation.
      const token = random.chance(0.7) ? (tokens[random.int(2)] ?? '') : random.pick(tokens);
      if (auth === 3) headers.cookie = `access_token=${encodeURIComponent(token)}`;
      else headers.authorization = random.chance(0.9) ? `Bearer ${token}` : random.pick(['Basic abc', 'Bearer', `bearer ${token}`, 'Bearer a.b.c']);
    }
    const body =
      method === 'GET' || method === 'DELETE' || method === 'OPTIONS' ? (random.chance(0.1) ? randomBody(random, png) : {}) : randomBody(random, png);
    if (body.contentType) headers['content-type'] = body.contentType;
    return {
      method,
      url: path + randomQuery(random),
      headers,
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
      remoteAddress: `10.9.${(index >> 8) & 255}.${index & 255}`,
    };
  }

  function check(outcomes: Outcome[]): void {
    const failures = outcomes
      .filter((outcome) => outcome.status >= 500)
      .map((outcome) => `${outcome.status} ${describeRequest(outcome.request)} → ${outcome.body.slice(0, 200)}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
    // Every API error keeps the { message } shape.
    const shapeless = outcomes
      .filter((outcome) => outcome.status >= 400 && outcome.request.url.startsWith('/api') && outcome.contentType.includes('json'))
      .filter((outcome) => {
        try {
          return typeof (JSON.parse(outcome.body) as { message?: unknown }).message !== 'string';
        } catch {
          return true;
        }
      })
      .map((outcome) => `${outcome.status} ${describeRequest(outcome.request)} → ${outcome.body.slice(0, 200)}`);
    expect(shapeless, `seed ${SEED}`).toEqual([]);
  }

  it(`${INJECTED} random requests through inject: no 5xx, errors in the { message } shape`, async () => {
    const random = prng(SEED + (dialect === 'postgres' ? 1 : 0));
    const started = Date.now();
    const outcomes: Outcome[] = [];
    for (let start = 0; start < INJECTED; start += PARALLEL) {
      if (start % 200 === 0) tokens = await refreshTokens[0]!();
      const batch = Array.from({ length: Math.min(PARALLEL, INJECTED - start) }, (_, offset) => makeRequest(random, start + offset));
      const answers = await Promise.all(
        batch.map(async (request) => {
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            remoteAddress: request.remoteAddress,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          return { request, status: response.statusCode, body: response.body, contentType: String(response.headers['content-type'] ?? '') };
        }),
      );
      outcomes.push(...answers);
    }
    const statuses = new Map<number, number>();
    for (const outcome of outcomes) statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
    console.log(
      `fuzz ${dialect}: seed ${SEED}, ${routes.length} routes, ${outcomes.length} injected requests in ${Date.now() - started} ms, ` +
        `5xx: ${outcomes.filter((outcome) => outcome.status >= 500).length}, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])))}`,
    );
    check(outcomes);
  }, 120_000);

  it(`${OVER_SOCKET} random requests over a real socket: no 5xx, no dropped connection`, async () => {
    const random = prng(SEED + 7 + (dialect === 'postgres' ? 1 : 0));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // A connection per request: a dropped connection is then a request whose answer never came.
    const agent = new http.Agent({ keepAlive: false, maxSockets: PARALLEL });
    const started = Date.now();
    const outcomes: Outcome[] = [];
    const dropped: string[] = [];
    tokens = await refreshTokens[0]!();
    const send = (request: FuzzRequest) =>
      new Promise<void>((resolve) => {
        const outgoing = http.request(
          {
            host: '127.0.0.1',
            port,
            method: request.method,
            path: request.url,
            headers: { ...request.headers, ...(request.payload !== undefined ? { 'content-length': String(Buffer.byteLength(request.payload)) } : {}) },
            agent,
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              outcomes.push({
                request,
                status: response.statusCode ?? 0,
                body: Buffer.concat(chunks).toString('utf8'),
                contentType: String(response.headers['content-type'] ?? ''),
              });
              resolve();
            });
            response.on('error', (error) => {
              dropped.push(`${describeRequest(request)}: ${error.message}`);
              resolve();
            });
          },
        );
        outgoing.on('error', (error) => {
          dropped.push(`${describeRequest(request)}: ${error.message}`);
          resolve();
        });
        if (request.payload !== undefined) outgoing.end(request.payload);
        else outgoing.end();
      });
    for (let start = 0; start < OVER_SOCKET; start += PARALLEL) {
      const batch = Array.from({ length: Math.min(PARALLEL, OVER_SOCKET - start) }, (_, offset) => makeRequest(random, 5000 + start + offset));
      // Node's client sends only printable ASCII in a path: anything else goes percent-encoded, as a browser would.
      await Promise.all(batch.map((request) => send({ ...request, url: request.url.replace(/[^\u0021-\u007e]/gu, (char) => safeEncode(char)) })));
    }
    agent.destroy();
    console.log(
      `fuzz ${dialect} over a socket: ${outcomes.length} answered, ${dropped.length} dropped, ` +
        `5xx: ${outcomes.filter((outcome) => outcome.status >= 500).length}, in ${Date.now() - started} ms`,
    );
    expect(dropped, `seed ${SEED}`).toEqual([]);
    check(outcomes);
  }, 120_000);
});

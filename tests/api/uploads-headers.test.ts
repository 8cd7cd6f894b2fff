import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { RANGE_NOT_SATISFIABLE_MESSAGE } from '../../server/http/conditions.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { publishFiles } from '../helpers/fixtures.js';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';

/**
 * Uploaded files are served under `/uploads` with headers decided by their kind, the same from the local folder as
 * streamed from the bucket: images as they are; SVG and PDF inline in a CSP sandbox (a PDF opens in the browser's
 * viewer, and whatever else its bytes could be read as runs no script with the site's origin); office documents,
 * archives and anything else as a download, sandboxed as well.
 */

const SAMPLES: { key: string; data: Buffer; type: string; disposition: string | undefined; sandbox: 'svg' | 'plain' | null }[] = [
  { key: 'tests/0a1b2c3d4e5f60718293a4b5.png', data: Buffer.from('png bytes'), type: 'image/png', disposition: undefined, sandbox: null },
  {
    key: 'tests/0a1b2c3d4e5f60718293a4b6.svg',
    data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    type: 'image/svg+xml',
    disposition: undefined,
    sandbox: 'svg',
  },
  // A PDF that is HTML too (a polyglot): nosniff keeps it a PDF, the sandbox keeps its script away from the site.
  {
    key: 'tests/0a1b2c3d4e5f60718293a4b7.pdf',
    data: Buffer.from('%PDF-1.4\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n'),
    type: 'application/pdf',
    disposition: undefined,
    sandbox: 'plain',
  },
  {
    key: 'tests/0a1b2c3d4e5f60718293a4b8.docx',
    data: Buffer.from('PK docx'),
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    disposition: 'attachment',
    sandbox: 'plain',
  },
  {
    key: 'tests/0a1b2c3d4e5f60718293a4b9.xlsx',
    data: Buffer.from('PK xlsx'),
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    disposition: 'attachment',
    sandbox: 'plain',
  },
  {
    key: 'tests/0a1b2c3d4e5f60718293a4ba.eps',
    data: Buffer.from('%!PS-Adobe-3.0 EPSF-3.0'),
    type: 'application/postscript',
    disposition: 'attachment',
    sandbox: 'plain',
  },
  { key: 'tests/0a1b2c3d4e5f60718293a4bb.zip', data: Buffer.from('PK zip'), type: 'application/zip', disposition: 'attachment', sandbox: 'plain' },
];

describe.each(['local folder', 'object storage'])('9. Observed — headers of uploaded files served from the %s', (where) => {
  let t: TestApp;
  let storage: TestObjectStorage | null = null;

  beforeAll(async () => {
    storage = where === 'object storage' ? await startObjectStorage() : null;
    t = await createTestApp('sqlite', { env: storage?.env });
    expect(t.app.files.kind).toBe(storage ? 's3' : 'local');
    for (const sample of SAMPLES) await t.app.files.write(sample.key, sample.data);
    await publishFiles(
      t.app.db as Kysely<Database>,
      SAMPLES.map((sample) => ({ key: sample.key, size: sample.data.length })),
    );
  });

  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it.each(SAMPLES.map((sample) => [sample.key.slice(sample.key.lastIndexOf('.') + 1), sample] as const))(
    'serves a .%s file by its kind',
    async (_extension, sample) => {
      const response = await t.app.inject({ method: 'GET', url: `/uploads/${sample.key}` });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(sample.data)).toBe(true);
      expect(response.headers['content-type']).toMatch(new RegExp(`^${sample.type.replace(/[+.]/g, '\\$&')}`));
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-disposition']).toBe(sample.disposition);
      const policy = String(response.headers['content-security-policy']);
      if (sample.sandbox === 'svg') expect(policy).toBe("sandbox; default-src 'none'; style-src 'unsafe-inline'");
      else if (sample.sandbox === 'plain') expect(policy).toBe('sandbox');
      else expect(policy).not.toContain('sandbox');
    },
  );

  // With `S3_PUBLIC_URL` the bucket serves the files itself: a document is still downloaded, a PDF still shown.
  // Only a bucket keeps headers with each object; the local folder has nothing to keep them in.
  if (where === 'object storage')
    it('stores the download disposition with each object in the bucket', async () => {
      const { env } = storage as TestObjectStorage;
      const client = new S3Client({
        endpoint: env.S3_ENDPOINT,
        region: env.S3_REGION,
        forcePathStyle: true,
        credentials: { accessKeyId: env.S3_ACCESS_KEY_ID ?? '', secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '' },
      });
      try {
        for (const sample of SAMPLES) {
          const head = await client.send(new HeadObjectCommand({ Bucket: env.S3_BUCKET, Key: sample.key }));
          expect(head.ContentDisposition, sample.key).toBe(sample.disposition);
          expect(head.ContentType, sample.key).toBe(sample.type);
        }
      } finally {
        client.destroy();
      }
    });
});

describe.each(['local folder', 'object storage'])('Ranges and If-Range on files served from the %s', (where) => {
  let t: TestApp;
  let storage: TestObjectStorage | null = null;
  const key = 'tests/0a1b2c3d4e5f60718293a4c3.txt';
  const data = Buffer.from('abcdefghij'.repeat(50));

  beforeAll(async () => {
    storage = where === 'object storage' ? await startObjectStorage() : null;
    t = await createTestApp('sqlite', { env: storage?.env });
    await t.app.files.write(key, data);
    await publishFiles(t.app.db as Kysely<Database>, [{ key, size: data.length }]);
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
  });

  it('a range past the end is 416 with Content-Range: bytes */<length>', async () => {
    const outside = await t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { range: 'bytes=5000-6000' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${data.length}`);
    expect(outside.json().message).toBe(RANGE_NOT_SATISFIABLE_MESSAGE);
  });

  const ranged = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: `/uploads/${key}`, headers: { range: 'bytes=0-9', ...headers } });

  it('a part only when If-Range names the file strongly: its strong ETag, or its Last-Modified once a second has passed', async () => {
    const whole = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    const etag = String(whole.headers.etag);
    const lastModified = String(whole.headers['last-modified']);
    // A date is a strong validator only a second after the change: the server's clock (this process's) is moved
    // past it instead of waiting for it.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Math.max(Date.now(), Date.parse(lastModified) + 1000));
      expect((await ranged({})).statusCode).toBe(206);
      expect((await ranged({ 'if-range': lastModified })).statusCode).toBe(206);
      // The local folder's ETag is weak (size and time): it never passes. The bucket's is strong.
      expect((await ranged({ 'if-range': etag })).statusCode).toBe(etag.startsWith('W/') ? 200 : 206);
      expect(etag.startsWith('W/')).toBe(where === 'local folder');
      for (const ifRange of [`W/${etag.replace(/^W\//, '')}`, '"another"', new Date(Date.parse(lastModified) - 60_000).toUTCString()]) {
        const answer = await ranged({ 'if-range': ifRange });
        expect(answer.statusCode, ifRange).toBe(200);
        expect(answer.rawPayload.equals(data)).toBe(true);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

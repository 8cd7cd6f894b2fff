import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startObjectStorage, type TestObjectStorage } from '../helpers/s3.js';
import { runNpmScript } from '../helpers/process.js';

/** `npm run storage:migrate` against an S3-compatible server started here, on a small uploads folder. */
describe('npm run storage:migrate', () => {
  let storage: TestObjectStorage;
  let dataDir: string;
  const files: Record<string, Buffer> = {
    'news/aaa.jpg': Buffer.alloc(300_000, 7),
    'news/aaa-480.webp': Buffer.from('webp bytes'),
    'photobank/logos/bbb.svg': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  };

  const migrate = (env: Record<string, string> = storage.env) => runNpmScript('storage:migrate', [], { ...process.env, DATA_DIR: dataDir, ...env });

  beforeAll(async () => {
    storage = await startObjectStorage('migrate-test');
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-migrate-'));
    for (const [key, data] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dataDir, 'uploads', key)), { recursive: true });
      await writeFile(path.join(dataDir, 'uploads', key), data);
    }
    // A write that never finished: not copied.
    await writeFile(path.join(dataDir, 'uploads', 'news', 'ccc.jpg.1234.tmp'), 'half');
  });

  afterAll(async () => {
    await storage.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every file into the bucket and verifies each by size and SHA-256', async () => {
    const result = await migrate();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('3 files in');
    expect(result.stdout).toContain('3 copied, 0 already in the bucket, 3 verified');
    for (const key of Object.keys(files)) expect(await storage.has(key)).toBe(true);
    expect(await storage.has('news/ccc.jpg.1234.tmp')).toBe(false);
  });

  it('runs again without copying twice, and fails naming an object that differs from its file', async () => {
    expect((await migrate()).stdout).toContain('0 copied, 3 already in the bucket, 3 verified');
    const client = new S3Client({
      endpoint: storage.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    // Same size, other bytes: only the hash tells.
    await client.send(new PutObjectCommand({ Bucket: storage.bucket, Key: 'news/aaa-480.webp', Body: Buffer.from('WEBP BYTES') }));
    client.destroy();
    const result = await migrate();
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('news/aaa-480.webp: differs');
  });

  it('refuses to run without S3_BUCKET', async () => {
    const result = await migrate({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('S3_BUCKET is not set');
  });
});

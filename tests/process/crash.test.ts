import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { namedFiles } from '../../server/files/fileColumns.js';
import { freePort, startBuiltServer } from '../helpers/process.js';

/**
 * kill -9 in the middle of writes, twice, on the built server and a SQLite file: every acknowledged write must
 * survive, the database must be intact, and after the restarts the uploads folder must hold exactly the files
 * the rows name (no orphans, no temporary files, nothing missing). The figures are printed for the record.
 */

const WRITERS = 4;
const ROUNDS = 3;
/**
 * How many writes of a round are acknowledged before the process is killed (the last round ends with SIGTERM
 * instead): the writers are well under way, each with a write in flight, whatever the machine's speed.
 */
const WRITES_BEFORE_KILL = 3 * WRITERS;
const PASSWORD = 'crash-test-passphrase-1';

function multipart(fields: Record<string, string>, file: Buffer): { body: Buffer; type: string } {
  const boundary = `----crash${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="picture.png"\r\nContent-Type: image/png\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function listUploads(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

describe('kill -9 during concurrent writes with images (SQLite, built server)', () => {
  let dataDir = '';
  let child: ChildProcess | null = null;

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const start = (port: number): Promise<ChildProcess> =>
    startBuiltServer(port, { DATA_DIR: dataDir, SEED_DEMO: '0', ADMIN_EMAIL: 'crash@example.com', ADMIN_PASSWORD: PASSWORD }, 30_000);

  it('keeps every acknowledged write, an intact database, and no orphan or missing files', async () => {
    expect(existsSync('build/server/index.js'), 'run npm run build first (npm test does)').toBe(true);
    const started = Date.now();
    dataDir = await mkdtemp(path.join(tmpdir(), 'site-crash-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const pictures = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        sharp({ create: { width: 200 + index * 40, height: 150, channels: 3, background: { r: index * 30, g: 90, b: 160 } } })
          .png()
          .toBuffer(),
      ),
    );

    child = await start(port);
    const login = await fetch(`${base}/api/site/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@example.com', password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const token = /access_token=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1] ?? '';

    const acknowledged: string[] = [];
    let sent = 0;
    let failed = 0;
    let kills = 0;

    for (let round = 0; round < ROUNDS; round++) {
      let writing = true;
      const writer = async (id: number) => {
        let count = 0;
        while (writing) {
          const title = `Запись ${round}-${id}-${count++}`;
          const form = multipart({ title, public_at: '2026-01-01T09:00:00Z', content: '<p>Текст</p>' }, pictures[(id + count) % pictures.length]!);
          sent += 1;
          try {
            const response = await fetch(`${base}/api/admin/news/add`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
              body: new Uint8Array(form.body),
            });
            if (response.status === 200) acknowledged.push(title);
            else failed += 1;
            await response.arrayBuffer();
          } catch {
            failed += 1;
            return;
          }
        }
      };
      const acknowledgedBefore = acknowledged.length;
      const writers = Array.from({ length: WRITERS }, (_, id) => writer(id));
      await expect.poll(() => acknowledged.length - acknowledgedBefore, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(WRITES_BEFORE_KILL);
      if (round < ROUNDS - 1) {
        // In the middle of writes: requests are in flight, files half-written, transactions open.
        child.kill('SIGKILL');
        kills += 1;
        await new Promise((resolve) => child?.once('exit', resolve));
        writing = false;
        await Promise.all(writers);
        child = await start(port);
      } else {
        writing = false;
        await Promise.all(writers);
        const exited = new Promise((resolve) => child?.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    }

    // The last start swept; check what the database and the folder hold now.
    const sqlite = new SQLite(path.join(dataDir, 'site.db'));
    const integrity = sqlite.pragma('integrity_check', { simple: true });
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
    const titles = new Set((await db.selectFrom('news').select('title').execute()).map((row) => row.title));
    const lost = acknowledged.filter((title) => !titles.has(title));
    const named = await namedFiles(db);
    await db.destroy();
    const uploadsDir = path.join(dataDir, 'uploads');
    const files = await listUploads(uploadsDir);
    const orphans = files.filter((file) => !named.has(file));
    const temporary = files.filter((file) => file.endsWith('.tmp'));
    const missing = [...named].filter((file) => !files.includes(file));

    console.log(
      `crash: ${kills} kill -9 rounds + 1 clean stop, ${sent} writes sent, ${acknowledged.length} acknowledged, ${failed} failed or cut off, ` +
        `${lost.length} acknowledged lost, ${titles.size} rows, ${files.length} files, ${orphans.length} orphans, ${temporary.length} temporary, ` +
        `${missing.length} missing, integrity ${String(integrity)}, ${Date.now() - started} ms`,
    );
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(integrity).toBe('ok');
    expect(lost).toEqual([]);
    expect(orphans).toEqual([]);
    expect(temporary).toEqual([]);
    expect(missing).toEqual([]);
  });
});

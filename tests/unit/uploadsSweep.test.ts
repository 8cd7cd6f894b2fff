import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalFileStore, sweepUploads } from '../../server/files/store.js';

const HOUR = 3_600_000;

/** The sweep of the uploads folder leaves every write in flight alone: young files, temporary or not, stay. */
describe('the uploads sweep', () => {
  let root = '';
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'uploads-sweep-'));
    await mkdir(path.join(root, 'news'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  const file = async (name: string, ageMs: number) => {
    const at = new Date(Date.now() - ageMs);
    await writeFile(path.join(root, 'news', name), 'x');
    await utimes(path.join(root, 'news', name), at, at);
  };

  it('removes old temporary and unnamed files, keeps named ones and anything younger than the grace', async () => {
    await file('old.jpg.tmp', 2 * HOUR);
    await file('young.jpg.tmp', 0);
    await file('orphan.jpg', 2 * HOUR);
    await file('young-orphan.jpg', 0);
    await file('named.jpg', 2 * HOUR);
    const swept = await sweepUploads(new LocalFileStore(root), async () => new Set(['news/named.jpg']), HOUR);
    expect(swept).toEqual({ temporary: ['news/old.jpg.tmp'], orphans: ['news/orphan.jpg'] });
    expect((await readdir(path.join(root, 'news'))).sort()).toEqual(['named.jpg', 'young-orphan.jpg', 'young.jpg.tmp']);
  });
});

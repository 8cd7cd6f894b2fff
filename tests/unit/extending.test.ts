import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The folders of production code: what a new resource could have to touch. */
const PRODUCTION = ['admin', 'authProvider', 'dataProvider', 'lib', 'server', 'site'];

/** The resource's files as docs/extending.md lists them between its markers. */
async function listedFiles(): Promise<string[]> {
  const text = await readFile(path.join(ROOT, 'docs/extending.md'), 'utf8');
  const block = /<!-- resource-files:start -->([\s\S]*?)<!-- resource-files:end -->/.exec(text)?.[1] ?? '';
  return [...block.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '');
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('docs/extending.md: the files a resource takes', () => {
  it('names files and folders that exist', async () => {
    const listed = await listedFiles();
    expect(listed.length).toBeGreaterThanOrEqual(5);
    for (const file of listed) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('names every production file that mentions vacancies, and nothing else mentions them', async () => {
    const listed = await listedFiles();
    const covered = (file: string) => listed.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    const production = (await Promise.all(PRODUCTION.map(filesUnder))).flat();
    const mentioning: string[] = [];
    for (const file of production) {
      if (/vacanc|karera/i.test(await readFile(path.join(ROOT, file), 'utf8'))) mentioning.push(file);
    }
    expect(mentioning.length).toBeGreaterThan(0);
    expect(mentioning.filter((file) => !covered(file))).toEqual([]);
    // Every listed entry is really used by the resource.
    for (const entry of listed)
      expect(
        mentioning.some((file) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry)),
        entry,
      ).toBe(true);
  });
});

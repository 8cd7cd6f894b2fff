import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The folders of production code: what a new resource could have to touch. */
const PRODUCTION = ['admin', 'authProvider', 'dataProvider', 'lib', 'server', 'site'];

/** The resources docs/extending.md walks through, each with its own markers and the words naming it in code. */
const EXAMPLES = [
  { marker: 'resource-files', mentions: /vacanc|karera/i },
  { marker: 'calendar-files', mentions: /investor[-_]?events?\b|investorEvents|kalendar/ },
] as const;

/** A resource's files as docs/extending.md lists them between its markers. */
async function listedFiles(marker: string): Promise<string[]> {
  const text = await readFile(path.join(ROOT, 'docs/extending.md'), 'utf8');
  const block = new RegExp(`<!-- ${marker}:start -->([\\s\\S]*?)<!-- ${marker}:end -->`).exec(text)?.[1] ?? '';
  return [...block.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '');
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe.each(EXAMPLES)('docs/extending.md: the files $marker lists', ({ marker, mentions }) => {
  it('names files and folders that exist', async () => {
    const listed = await listedFiles(marker);
    expect(listed.length).toBeGreaterThanOrEqual(5);
    for (const file of listed) expect(existsSync(path.join(ROOT, file)), file).toBe(true);
  });

  it('names every production file that mentions the resource, and nothing else mentions it', async () => {
    const listed = await listedFiles(marker);
    const covered = (file: string) => listed.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));
    const production = (await Promise.all(PRODUCTION.map(filesUnder))).flat();
    const mentioning: string[] = [];
    for (const file of production) {
      if (mentions.test(await readFile(path.join(ROOT, file), 'utf8'))) mentioning.push(file);
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

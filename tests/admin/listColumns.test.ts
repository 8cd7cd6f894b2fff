import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES, resourceNamed } from '../../lib/resources/index.js';

const ADMIN = path.resolve(import.meta.dirname, '../../admin');

/** The list screen of each resource: its folder's `*List.tsx`, or the one it shares (news and own articles). */
async function listScreenOf(resource: string): Promise<string | null> {
  if (resource === 'news' || resource === 'media-our') return path.join(ADMIN, 'articles/ArticleList.tsx');
  const files = await readdir(path.join(ADMIN, resource)).catch(() => []);
  const list = files.find((file) => file.endsWith('List.tsx'));
  return list ? path.join(ADMIN, resource, list) : null;
}

/** A list row carries only its declared columns: every column a list screen shows must be one of them. */
describe('admin list screens show only what their rows carry', () => {
  it.each(RESOURCES.map((resource) => resource.name))('%s', async (name) => {
    const screen = await listScreenOf(name);
    if (!screen) return;
    const { list } = resourceNamed(name)!;
    const shown = [...(await readFile(screen, 'utf8')).matchAll(/source="(\w+)"/g)].map((match) => match[1]);
    const carried = new Set(['id', 'q', ...list.columns, ...Object.keys(list.filters)]);
    expect(shown.filter((source) => source !== undefined && !carried.has(source))).toEqual([]);
  });
});

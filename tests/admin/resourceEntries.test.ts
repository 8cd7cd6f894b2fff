import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ResourceEntry } from '../../admin/common/resourceEntry.js';
import { isResourceName, RESOURCES } from '../../lib/resources/index.js';

/**
 * A resource joins the admin through its own folder, `admin/<resource>/entry.ts`, found by the admin's build (a
 * glob), so nothing fails to compile when a folder or a label is missing: these tests hold the folders to the
 * registry instead.
 */

const ADMIN = fileURLToPath(new URL('../../admin/', import.meta.url));
const entryPath = (folder: string) => join(ADMIN, folder, 'entry.ts');

/** The admin's folders that declare a resource entry, as they are on disk. */
const ENTRY_FOLDERS = readdirSync(ADMIN, { withFileTypes: true })
  .filter((item) => item.isDirectory() && existsSync(entryPath(item.name)))
  .map((item) => item.name);

const NAMES = RESOURCES.map((resource) => resource.name);

async function entryOf(folder: string): Promise<ResourceEntry> {
  const module: { default: ResourceEntry } = await import(entryPath(folder));
  return module.default;
}

describe('the admin’s resource folders', () => {
  it('give every resource of the registry a folder with an entry', () => {
    expect(NAMES.filter((name) => !ENTRY_FOLDERS.includes(name))).toEqual([]);
  });

  it('declare no entry for a resource outside the registry', () => {
    expect(ENTRY_FOLDERS.filter((folder) => !isResourceName(folder))).toEqual([]);
  });

  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s: names the resource in the singular and plural and labels every field it declares or filters on',
    async (name, resource) => {
      const { labels } = await entryOf(name);
      expect(labels.name).toMatch(/^\S.* \|\|\|\| \S.*$/);
      const named = [...Object.keys(resource.fields), ...Object.keys(resource.list.filters)];
      expect(named.filter((field) => !labels.fields[field]?.trim())).toEqual([]);
    },
  );

  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s: loads a form exactly when its descriptor allows writes',
    async (name, resource) => {
      const entry = await entryOf(name);
      expect(typeof entry.list).toBe('function');
      expect(entry.edit !== undefined, `admin/${name}/entry.ts edit`).toBe(resource.api !== 'read-only');
    },
  );

  // Every entry is bundled with the admin's frame: importing its folder's screens there would put them on every screen.
  it.each(NAMES)('%s: imports nothing of its own folder but lazily', (name) => {
    const staticImports = [...readFileSync(entryPath(name), 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.\/[^']*)';$/gm)];
    expect(staticImports.map((found) => found[1])).toEqual([]);
  });

  it('are what the admin mounts (found by the build’s glob), in the registry’s order, with their labels', async () => {
    const { RESOURCE_VIEWS, resourceMessages } = await import('../../admin/resources.js');
    expect(RESOURCE_VIEWS.map((views) => views.name)).toEqual(NAMES);
    expect(Object.keys(resourceMessages.resources)).toEqual(NAMES);
    expect(resourceMessages.resources.news?.name).toBe('Новость |||| Новости');
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RESOURCES, resourceNamed, type ResourceDescriptor } from '../../lib/resources/index.js';

/** The rows of the resource table of docs/admin-api.md: name, read path, role. */
async function documentedResources(): Promise<{ name: string; readPath: string; role: string }[]> {
  const text = await readFile(new URL('../../docs/admin-api.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^\| `([a-z-]+)` \| `(\/api\/admin\/[a-z-]+)` \|.*\| (USER|MANAGER) \|$/gm)].map((match) => ({
    name: match[1] ?? '',
    readPath: match[2] ?? '',
    role: match[3] ?? '',
  }));
}

describe('docs/admin-api.md', () => {
  it('lists every resource of the registry once, with its read path and role, and nothing else', async () => {
    const documented = await documentedResources();
    expect(documented.map((row) => row.name).sort()).toEqual(RESOURCES.map((resource) => resource.name).sort());
    for (const resource of RESOURCES) {
      expect(
        documented.find((row) => row.name === resource.name),
        resource.name,
      ).toEqual({ name: resource.name, readPath: `/api/admin/${resource.name}`, role: resource.role });
    }
  });
});

/** The lists of resources docs/admin-api.md keeps between markers, and which resources each must name. */
const DECLARED_LISTS: Readonly<Record<string, (resource: ResourceDescriptor) => boolean>> = {
  trash: (resource) => resource.trash === true,
  search: (resource) => resource.search !== undefined,
  revisions: (resource) => resource.revisions === true,
  page: (resource) => resource.public?.page !== undefined,
  drafts: (resource) => resource.drafts === true,
  'rest-drafts': (resource) => resource.api === 'rest' && resource.drafts === true,
  unpublish: (resource) => 'unpublish_at' in resource.fields,
};

const namesIn = (text: string): string[] => [...text.matchAll(/`([a-z-]+)`/g)].map((match) => match[1] ?? '').sort();
const registered = (keep: (resource: ResourceDescriptor) => boolean): string[] =>
  (RESOURCES as readonly ResourceDescriptor[])
    .filter(keep)
    .map((resource) => resource.name)
    .sort();

describe('the lists of resources in the documents', () => {
  it('docs/admin-api.md names exactly the resources each marked list is about', async () => {
    const text = await readFile(new URL('../../docs/admin-api.md', import.meta.url), 'utf8');
    const lists = [...text.matchAll(/<!-- resources:([a-z-]+) -->([\s\S]*?)<!-- \/resources -->/g)].map((match) => ({
      kind: match[1] ?? '',
      names: namesIn(match[2] ?? ''),
    }));
    expect(lists.map((list) => list.kind).sort()).toEqual(Object.keys(DECLARED_LISTS).sort());
    for (const { kind, names } of lists) expect(names, kind).toEqual(registered(DECLARED_LISTS[kind] ?? (() => false)));
  });

  it("docs/extending.md's table of names has a row per resource with its descriptor, table and admin folder", async () => {
    const text = await readFile(new URL('../../docs/extending.md', import.meta.url), 'utf8');
    const names = text.slice(text.indexOf('## Names'), text.indexOf('## The walk-through'));
    const rows = [...names.matchAll(/^\| `([a-z-]+)` \| [^|]+ \| `(\w+)` in `([\w-]+\.ts)` \| `(\w+)`[^|]* \| `(admin\/[a-z-]+\/)` \|$/gm)];
    expect(rows.map((row) => row[1]).sort()).toEqual(registered(() => true));
    for (const [, name, exported, file, table, folder] of rows) {
      const module = (await import(`../../lib/resources/${file}`)) as Record<string, ResourceDescriptor | undefined>;
      expect(module[exported ?? '']?.name, `${name}: ${exported} in ${file}`).toBe(name);
      expect(table, name).toBe(resourceNamed(name ?? '')?.table);
      expect(folder, name).toBe(`admin/${name}/`);
    }
  });

  it("README's REVISIONS_KEEP names every resource that keeps revisions, and no other", async () => {
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `REVISIONS_KEEP` |')) ?? '';
    const all = new Set(RESOURCES.map((resource) => resource.name as string));
    expect(namesIn(row).filter((name) => all.has(name))).toEqual(registered((resource) => resource.revisions === true));
  });
});

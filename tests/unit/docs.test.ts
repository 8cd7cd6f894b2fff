import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../lib/resources/index.js';

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

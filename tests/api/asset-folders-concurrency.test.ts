import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { adminHeaders } from './admin-helpers.js';

const FOLDER_CYCLE = 'Папку нельзя перенести в неё саму или во вложенную в неё папку.';

/** Whether the folders' parents lead back to where they started anywhere in the tree. */
async function hasCycle(db: Kysely<Database>): Promise<boolean> {
  const parents = new Map((await db.selectFrom('asset_folders').select(['id', 'parent_id']).execute()).map((row) => [row.id, row.parent_id]));
  for (const start of parents.keys()) {
    const seen = new Set<number>();
    for (let at: number | null | undefined = start; at !== null && at !== undefined; at = parents.get(at)) {
      if (seen.has(at)) return true;
      seen.add(at);
    }
  }
  return false;
}

describe.each(await testDialects())('moves of library folders at the same time on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: object) => t.app.inject({ method, url, headers, payload });
  const folder = async (name: string, parent: number | null = null): Promise<number> => {
    const response = await send('POST', '/api/admin/asset-folders', { name, parent_id: parent });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: { id: number } }).data.id;
  };

  it('never lets «A under B» and «B under A» together form a cycle: one move wins, the other is a 400 in Russian', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      const [a, b] = [await folder(`А${attempt}`), await folder(`Б${attempt}`)];
      const answers = await Promise.all([
        send('PUT', `/api/admin/asset-folders/${a}`, { parent_id: b }),
        send('PUT', `/api/admin/asset-folders/${b}`, { parent_id: a }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort(), answers.map((answer) => answer.body).join('\n')).toEqual([200, 400]);
      expect(answers.find((answer) => answer.statusCode === 400)?.json().errors).toEqual({ parent_id: [FOLDER_CYCLE] });
      expect(await hasCycle(t.app.db as Kysely<Database>)).toBe(false);
    }
  });

  it('answers crossing moves along a longer path and renames beside them without a 500 (no deadlock reaches a visitor)', async () => {
    for (let attempt = 0; attempt < 10; attempt++) {
      const top = await folder(`Верх${attempt}`);
      const [a, b, c] = [await folder('a', top), await folder('b', top), await folder('c', top)];
      const answers = await Promise.all([
        send('PUT', `/api/admin/asset-folders/${a}`, { parent_id: b }),
        send('PUT', `/api/admin/asset-folders/${b}`, { parent_id: c }),
        send('PUT', `/api/admin/asset-folders/${c}`, { parent_id: a }),
        send('PUT', `/api/admin/asset-folders/${top}`, { name: `Верх ${attempt}` }),
        send('PUT', `/api/admin/asset-folders/${a}`, { name: 'a2' }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode);
      expect(
        statuses.every((status) => status === 200 || status === 400 || status === 409),
        answers.map((answer) => answer.body).join('\n'),
      ).toBe(true);
      expect(statuses.slice(0, 3).filter((status) => status === 400).length).toBeGreaterThanOrEqual(1);
      expect(await hasCycle(t.app.db as Kysely<Database>)).toBe(false);
    }
  });

  it('answers many moves at once across one tree with 200 or 400 only, and leaves no cycle', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const ids: number[] = [];
      for (let index = 0; index < 6; index++) ids.push(await folder(`Много${attempt}-${index}`));
      const moves = ids.flatMap((id, index) => [ids[(index + 1) % ids.length]!, ids[(index + 3) % ids.length]!].map((parent) => ({ id, parent })));
      const answers = await Promise.all(moves.map(({ id, parent }) => send('PUT', `/api/admin/asset-folders/${id}`, { parent_id: parent })));
      expect(
        answers.every((answer) => answer.statusCode === 200 || answer.statusCode === 400),
        answers.map((answer) => answer.body).join('\n'),
      ).toBe(true);
      expect(await hasCycle(t.app.db as Kysely<Database>)).toBe(false);
    }
  });
});

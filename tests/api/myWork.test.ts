import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { postForm } from './admin-helpers.js';

/** The dashboard's «Мои черновики» and «Мои последние правки»: the signed-in editor's own work, and no one else's. */

interface MyWork {
  drafts: { resource: string; record_key: string; title: string; saved_at: string }[];
  edits: { resource: string; record_id: string; action: string; title: string | null; created_at: string }[];
}

describe.each(await testDialects())('GET /api/admin/my-work on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const myWork = async (headers: Record<string, string>): Promise<MyWork> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/my-work', headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as MyWork;
  };
  const keepForm = async (headers: Record<string, string>, key: string, values: Record<string, unknown>) => {
    const response = await t.app.inject({ method: 'PUT', url: `/api/admin/form-drafts/news/${key}`, headers, payload: { values, version: null } });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('lists the kept forms newest first with their typed titles, and each changed record once, with its title', async () => {
    const editor = await userWithToken(t.app, 'USER');
    const other = await userWithToken(t.app, 'USER');
    const added = await postForm(t.app, '/api/admin/news/add', editor.headers, { title: 'Правка редактора', public_at: daysAgo(1) });
    expect(added.statusCode, added.body).toBe(200);
    const id = (added.json().data as { id: number }).id;
    const updated = await postForm(t.app, `/api/admin/news/update/${id}`, { ...editor.headers, 'if-match': '*' }, { lead: 'Новый анонс' });
    expect(updated.statusCode, updated.body).toBe(200);
    await keepForm(editor.headers, 'new', { title: 'Недописанная новость' });
    await keepForm(editor.headers, String(id), { title: 'Правка редактора, ещё не сохранённая' });
    await keepForm(other.headers, 'new', { title: 'Чужой черновик' });

    const work = await myWork(editor.headers);
    expect(work.drafts.map(({ record_key, title }) => [record_key, title])).toEqual([
      [String(id), 'Правка редактора, ещё не сохранённая'],
      ['new', 'Недописанная новость'],
    ]);
    // Added, then updated: one line, the latest action, titled as the record is now (typeset on save).
    expect(work.edits).toEqual([{ resource: 'news', record_id: String(id), action: 'update', title: 'Правка редактора', created_at: expect.any(String) }]);

    const theirs = await myWork(other.headers);
    expect(theirs.drafts.map(({ title }) => title)).toEqual(['Чужой черновик']);
    expect(theirs.edits).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/my-work' })).statusCode).toBe(401);
  });
});

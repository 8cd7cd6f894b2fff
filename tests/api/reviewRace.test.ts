import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';

/** A title as typed: typography joins a number to the word before it with a no-break space. */
const plain = (text: string): string => text.replace(/\u00a0/g, ' ');

type Staff = Awaited<ReturnType<typeof userWithToken>>;

/** How many times the race is run on each dialect. */
const ROUNDS = 20;

interface AdminRecord {
  id: number;
  title: string;
  published: number;
  draft: { values: Record<string, unknown> } | null;
}

/**
 * Under review, whether a USER's change may reach the record itself is decided with the record locked, inside the
 * save's transaction: a USER's plain update of an unpublished record sent at the very moment a MANAGER publishes it
 * either comes first (and the MANAGER's publication, a whole form, replaces it) or becomes the record's draft. It never
 * lands on the live record. Likewise a USER's removal of the record at that moment either comes first or is refused.
 */
describe.each(await testDialects())('a USER saving while a MANAGER publishes, on %s', (dialect) => {
  let t: TestApp;
  let manager: Staff;
  let user: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await userWithToken(t.app, 'MANAGER');
    user = await userWithToken(t.app, 'USER');
    const review = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/review', headers: manager.headers, payload: { resources: ['news'] } });
    expect(review.statusCode, review.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const post = (url: string, who: Staff, payload: object) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });

  it(`never saves the USER's change to the live record (${ROUNDS} rounds)`, async () => {
    const outcomes = { draft: 0, replaced: 0, leaked: 0 };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const added = await post('/api/admin/news/add', manager, { title: `Заготовка ${round}`, public_at: daysAgo(1), published: 0 });
      expect(added.statusCode, added.body).toBe(200);
      const id = (added.json().data as AdminRecord).id;
      const byUser = () => post(`/api/admin/news/update/${id}`, user, { title: `Правка пользователя ${round}` });
      const byManager = () => post(`/api/admin/news/update/${id}`, manager, { title: `Решение менеджера ${round}`, published: 1 });
      // Each goes first in every other round, so that both orders meet the other's transaction.
      const [saved, published] = round % 2 ? await Promise.all([byUser(), byManager()]) : (await Promise.all([byManager(), byUser()])).reverse();
      expect(saved?.statusCode, saved?.body).toBe(200);
      expect(published?.statusCode, published?.body).toBe(200);
      const record = (await t.app.inject({ url: `/api/admin/news/${id}`, headers: manager.headers })).json().data as AdminRecord;
      expect(record.published).toBe(1);
      const title = plain(record.title);
      if (title === `Правка пользователя ${round}`) outcomes.leaked += 1;
      else if (record.draft) {
        expect(title).toBe(`Решение менеджера ${round}`);
        expect(plain(String(record.draft.values.title))).toBe(`Правка пользователя ${round}`);
        outcomes.draft += 1;
      } else {
        expect(title).toBe(`Решение менеджера ${round}`);
        outcomes.replaced += 1;
      }
    }
    expect(outcomes).toMatchObject({ leaked: 0 });
    expect(outcomes.draft + outcomes.replaced).toBe(ROUNDS);
  }, 120_000);
  it(`never lets the USER remove a record the MANAGER has just published (${ROUNDS} rounds)`, async () => {
    const outcomes = { removed: 0, refused: 0, both: 0 };
    for (let round = 1; round <= ROUNDS; round += 1) {
      const added = await post('/api/admin/news/add', manager, { title: `Заметка ${round}`, public_at: daysAgo(1), published: 0 });
      expect(added.statusCode, added.body).toBe(200);
      const id = (added.json().data as AdminRecord).id;
      const byUser = () => t.app.inject({ method: 'POST', url: `/api/admin/news/remove/${id}`, headers: user.headers });
      const byManager = () => post(`/api/admin/news/update/${id}`, manager, { title: `Заметка опубликована ${round}`, published: 1 });
      const [removal, published] = round % 2 ? await Promise.all([byUser(), byManager()]) : (await Promise.all([byManager(), byUser()])).reverse();
      const codes = [removal?.statusCode, published?.statusCode];
      if (codes[0] === 200 && codes[1] === 200) outcomes.both += 1;
      else if (codes[0] === 200) {
        // Removed first: the MANAGER finds it gone.
        expect(codes[1]).toBe(404);
        outcomes.removed += 1;
      } else {
        expect(codes).toEqual([403, 200]);
        outcomes.refused += 1;
      }
    }
    expect(outcomes).toMatchObject({ both: 0 });
    expect(outcomes.removed + outcomes.refused).toBe(ROUNDS);
  }, 120_000);
});

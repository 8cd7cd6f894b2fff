import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_UNDER_REVIEW_MESSAGE } from '../../server/assets/rights.js';
import { REVIEW_MESSAGES } from '../../server/review/rules.js';
import { reviewLetter } from '../../server/review/letters.js';
import { SCHEDULED_DRAFTS_JOB } from '../../server/review/plugin.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { pngImage, postForm } from './admin-helpers.js';

type Staff = Awaited<ReturnType<typeof userWithToken>>;

interface AdminRecord {
  id: number;
  version: number;
  title: string;
  published: number;
  draft: { values: Record<string, unknown>; version: number; publish_at: string | null } | null;
  review_state: 'none' | 'in_review' | 'changes_requested';
}

/**
 * Review cannot be gone around: with review on, nothing a USER does reaches what visitors see before a MANAGER
 * approved that very text, whether through a draft changed after it was approved or scheduled.
 */
describe.each(await testDialects())('review that cannot be gone around on %s', (dialect) => {
  let t: TestApp;
  let manager: Staff;
  let user: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect, { build: { outboxEveryMs: 24 * 60 * 60 * 1000 } });
    manager = await userWithToken(t.app, 'MANAGER');
    user = await userWithToken(t.app, 'USER');
    const review = await call('PUT', '/api/admin/settings/review', manager, { resources: ['news'] });
    expect(review.statusCode, review.body).toBe(200);
  }, 120_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Staff, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const read = async (id: number): Promise<AdminRecord> => {
    const response = await call('GET', `/api/admin/news/${id}`, manager);
    expect(response.statusCode).toBe(200);
    return response.json().data as AdminRecord;
  };
  const addNews = async (title: string): Promise<AdminRecord> => {
    const response = await call('POST', '/api/admin/news/add', manager, { title, public_at: daysAgo(1), published: 1, content: `<p>${title}</p>` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminRecord;
  };
  const auditOf = async (id: number) =>
    t.app.db
      .selectFrom('audit_log')
      .select(['action', 'user_email'])
      .where('resource', '=', 'news')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
  const reviewLetters = async () => {
    const rows = await t.app.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').orderBy('id').execute();
    const compose = reviewLetter(t.app.db, t.app.config);
    const kept = rows.map((row) => JSON.parse(row.payload) as { letter: string; id: number }).filter((payload) => payload.letter === 'review');
    return Promise.all(kept.map(async (payload) => compose(payload.id)));
  };

  it('a draft changed after its publication was scheduled is not published: the schedule and the review end, the MANAGER is told', async () => {
    const news = await addNews('Тарифы подключения');
    expect((await call('POST', `/api/admin/news/draft/${news.id}`, user, { title: 'Тарифы подключения снижены' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/news/submit/${news.id}`, user)).statusCode).toBe(200);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager, { publish_at: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({ draft: { publish_at: at.toISOString() }, review_state: 'in_review' });
    // Saving the same text again changes nothing, so the approval stands.
    const same = await call('POST', `/api/admin/news/draft/${news.id}`, user, { title: 'Тарифы подключения снижены' });
    expect(same.json().data).toMatchObject({ draft: { publish_at: at.toISOString() }, review_state: 'in_review' });
    const lettersBefore = (await reviewLetters()).length;

    const changed = await call('POST', `/api/admin/news/draft/${news.id}`, user, { title: 'Тарифы подключения отменены' });
    expect(changed.statusCode, changed.body).toBe(200);
    // The answer tells the author that the draft is theirs again and waits for nobody.
    expect(changed.json().data).toMatchObject({
      title: 'Тарифы подключения',
      draft: { values: { title: 'Тарифы подключения отменены' }, publish_at: null },
      review_state: 'none',
    });
    const queue = (await call('GET', '/api/admin/review-queue', manager)).json().data as { waiting: { record_id: number }[] };
    expect(queue.waiting.map((item) => item.record_id)).not.toContain(news.id);

    await t.app.jobs.runIfDue(SCHEDULED_DRAFTS_JOB, at.getTime() + 2 * 60_000);
    expect(await read(news.id)).toMatchObject({
      title: 'Тарифы подключения',
      version: news.version,
      draft: { values: { title: 'Тарифы подключения отменены' } },
    });
    expect((await t.app.inject('/api/news/items')).body).not.toContain('Тарифы подключения отменены');

    const audit = await auditOf(news.id);
    expect(audit.map((entry) => entry.action)).toEqual(['add', 'save-draft', 'submit', 'schedule-draft', 'save-draft', 'save-draft', 'withdraw-review']);
    expect(audit.at(-1)?.user_email).toBe(user.user.email);
    const letters = (await reviewLetters()).slice(lettersBefore);
    expect(letters).toHaveLength(1);
    expect(letters[0]?.to).toContain(manager.user.email);
    expect(letters[0]?.subject).toContain('согласование отменено');

    // Sent again and approved, it is the new text that is published, in the MANAGER's name.
    expect((await call('POST', `/api/admin/news/submit/${news.id}`, user)).statusCode).toBe(200);
    const approved = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ title: 'Тарифы подключения отменены', draft: null });
    expect((await auditOf(news.id)).at(-1)).toEqual({ action: 'approve', user_email: manager.user.email });
  });

  it("a USER's plain update of a draft in review ends the review too", async () => {
    const news = await addNews('Плановое отключение');
    expect((await call('POST', `/api/admin/news/update/${news.id}`, user, { title: 'Плановое отключение перенесено' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/news/submit/${news.id}`, user)).json().data).toMatchObject({ review_state: 'in_review' });
    const changed = await call('POST', `/api/admin/news/update/${news.id}`, user, { title: 'Плановое отключение отменено' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      title: 'Плановое отключение',
      review_state: 'none',
      draft: { values: { title: 'Плановое отключение отменено' } },
    });
    expect((await auditOf(news.id)).at(-1)).toEqual({ action: 'withdraw-review', user_email: user.user.email });
  });
  it('a draft sent as a multipart form keeps its text fields, as the update does, and refuses files in Russian', async () => {
    const news = await addNews('Приём документов');
    const form = await postForm(t.app, `/api/admin/news/draft/${news.id}`, user.headers, { title: 'Приём документов продлён', lead: 'Подробности позже' });
    expect(form.statusCode, form.body).toBe(200);
    expect(form.json().data).toMatchObject({ title: 'Приём документов', draft: { values: { title: 'Приём документов продлён', lead: 'Подробности позже' } } });

    const withFile = await postForm(t.app, `/api/admin/news/draft/${news.id}`, user.headers, { title: 'Приём документов закрыт' }, [
      { field: 'image', filename: 'обложка.png', data: await pngImage(), type: 'image/png' },
    ]);
    expect(withFile.statusCode, withFile.body).toBe(400);
    expect(withFile.json().message).toBe(REVIEW_MESSAGES.filesInDraft);
    expect((await read(news.id)).draft?.values).toMatchObject({ title: 'Приём документов продлён' });

    // A resource that takes no files reads a form's text fields all the same.
    const created = await call('POST', '/api/admin/vacancies', manager, {
      title: 'Диспетчер',
      city: 'Казань',
      employment: 'full',
      public_at: daysAgo(1),
      published: 1,
    });
    expect(created.statusCode, created.body).toBe(200);
    const vacancy = created.json().data as AdminRecord;
    const draft = await postForm(t.app, `/api/admin/vacancies/draft/${vacancy.id}`, manager.headers, { city: 'Самара' });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().data).toMatchObject({ city: 'Казань', draft: { values: { city: 'Самара' } } });
  });
  it('the media library does not go around review: an asset a live news item uses is replaced, reverted, refocused or removed only by a MANAGER', async () => {
    const upload = async (name: string, colour: string) => {
      const answer = await postForm(t.app, '/api/admin/assets/upload', user.headers, {}, [
        { field: 'file', filename: name, data: await pngImage(640, 400, colour), type: 'image/png' },
      ]);
      expect(answer.statusCode, answer.body).toBe(201);
      return (answer.json().asset as { id: number }).id;
    };
    const replace = async (id: number, who: Staff, colour: string) =>
      postForm(t.app, `/api/admin/assets/${id}/replace`, who.headers, {}, [
        { field: 'file', filename: 'новая.png', data: await pngImage(640, 400, colour), type: 'image/png' },
      ]);
    const refocus = (id: number, who: Staff, x: number) => call('PUT', `/api/admin/assets/${id}`, who, { focal_x: x });
    const asset = await upload('подстанция.png', '#225588');
    const added = await call('POST', '/api/admin/news/add', manager, { title: 'Новая подстанция', public_at: daysAgo(1), published: 1, image: { asset } });
    expect(added.statusCode, added.body).toBe(200);
    const news = added.json().data as AdminRecord & { slug: string };
    const page = async () => (await t.app.inject(`/api/news/item/${news.slug}`)).json().data as { image: { src: string; crops: { src: string }[] } };
    const shown = await page();

    const refused = [
      await replace(asset, user, '#aa2200'),
      await refocus(asset, user, 0.1),
      await t.app.inject({ method: 'DELETE', url: `/api/admin/assets/${asset}?confirm=uses`, headers: user.headers }),
    ];
    expect(refused.map((answer) => answer.statusCode)).toEqual([403, 403, 403]);
    for (const answer of refused) expect(answer.json().message).toBe(LIVE_UNDER_REVIEW_MESSAGE);
    // The live page and the record are as they were.
    expect(await page()).toEqual(shown);
    expect((await read(news.id)).version).toBe(news.version);

    // A MANAGER may; the USER may not undo it either.
    expect((await replace(asset, manager, '#aa2200')).statusCode).toBe(200);
    const replaced = await page();
    expect(replaced.image.src).not.toBe(shown.image.src);
    const revert = await call('POST', `/api/admin/assets/${asset}/revert-file`, user);
    expect(revert.statusCode, revert.body).toBe(403);
    expect(revert.json().message).toBe(LIVE_UNDER_REVIEW_MESSAGE);
    expect(await page()).toEqual(replaced);
    expect((await call('POST', `/api/admin/assets/${asset}/revert-file`, manager)).statusCode).toBe(200);
    expect((await refocus(asset, manager, 0.2)).statusCode).toBe(200);
    // Leaving the point where it is, or changing what no page shows, stays open to the USER.
    expect((await refocus(asset, user, 0.2)).statusCode).toBe(200);
    expect((await call('PUT', `/api/admin/assets/${asset}`, user, { alt: 'Подстанция' })).statusCode).toBe(200);

    // An asset that only unpublished records use is the USER's to change.
    const unused = await upload('склад.png', '#558822');
    const hidden = await call('POST', '/api/admin/news/add', manager, { title: 'Склад', public_at: daysAgo(1), published: 0, image: { asset: unused } });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await replace(unused, user, '#885522')).statusCode).toBe(200);
    expect((await refocus(unused, user, 0.7)).statusCode).toBe(200);
  });
});

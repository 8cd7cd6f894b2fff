import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STALE_VERSION_MESSAGE } from '../../lib/versions.js';
import { typesetText } from '../../server/content/typography.js';
import { reviewLetter } from '../../server/review/letters.js';
import { SCHEDULED_DRAFTS_JOB } from '../../server/review/plugin.js';
import { pngImage, postForm, type FilePart } from './admin-helpers.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';

type Staff = Awaited<ReturnType<typeof userWithToken>>;

interface AdminRecord {
  id: number;
  version: number;
  title: string;
  slug: string;
  published: number;
  translations?: { en: Record<string, string | null> | null };
  draft: { values: Record<string, unknown>; version: number; saved_at: string; user_email: string; publish_at: string | null; changed: string[] } | null;
  review_state: 'none' | 'in_review' | 'changes_requested';
  review_required: boolean;
  review_comment: { text: string; user_email: string; at: string } | null;
}

/**
 * Drafts beside the live version and their review, through the API on every dialect: a draft reaches no public
 * answer (lists, search, sitemap, feed, cached answers) before it is published through the ordinary save, which keeps
 * a revision; where a MANAGER asked for review, a USER's changes of live records wait as drafts for a MANAGER.
 */
describe.each(await testDialects())('drafts and review on %s', (dialect) => {
  let t: TestApp;
  let manager: Staff;
  let user: Staff;
  let otherManager: Staff;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { SITE_LOCALES: 'ru,en' }, build: { outboxEveryMs: 24 * 60 * 60 * 1000 } });
    manager = await userWithToken(t.app, 'MANAGER');
    otherManager = await userWithToken(t.app, 'MANAGER');
    user = await userWithToken(t.app, 'USER');
  }, 120_000);
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Staff | null, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...(who ? who.headers : {}), ...headers }, ...(payload ? { payload } : {}) });
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const read = async (id: number, who: Staff = manager): Promise<AdminRecord> => {
    const response = await call('GET', `/api/admin/news/${id}`, who);
    expect(response.statusCode).toBe(200);
    return response.json().data as AdminRecord;
  };
  const addNews = async (title: string, who: Staff = manager, extra: Record<string, unknown> = {}): Promise<AdminRecord> => {
    const response = await call('POST', '/api/admin/news/add', who, {
      title,
      public_at: daysAgo(1),
      published: 1,
      content: `<p>${title}: живой текст</p>`,
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdminRecord;
  };
  const setReview = async (resources: string[]) => {
    const response = await call('PUT', '/api/admin/settings/review', manager, { resources });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ resources });
  };
  const reviewLetters = async () => {
    const rows = await t.app.db.selectFrom('outbox').select('payload').where('kind', '=', 'mail').orderBy('id').execute();
    const compose = reviewLetter(t.app.db, t.app.config);
    const kept = rows.map((row) => JSON.parse(row.payload) as { letter: string; id: number }).filter((payload) => payload.letter === 'review');
    return Promise.all(kept.map(async (payload) => compose(payload.id)));
  };

  it('saves a draft that no public answer shows, the cached list staying a hit; publishing it shows it and keeps a revision', async () => {
    const news = await addNews('Плановый ремонт подстанции');
    expect(news.draft).toBeNull();
    expect(news.review_state).toBe('none');
    const list = (await get('/api/news/items')).body;
    expect(list).toContain('Плановый ремонт подстанции');
    expect((await get('/api/news/items')).headers['cache-status']).toBe('corporate-site; hit');
    const sitemap = (await get('/sitemap.xml')).body;
    const rss = (await get('/rss.xml')).body;

    const saved = await call(
      'POST',
      `/api/admin/news/draft/${news.id}`,
      user,
      { title: 'Черновик трансформаторной подстанции', content: '<p>Черновой абзац</p>', translations: { en: { title: 'Substation draft' } } },
      { 'if-match': `"${news.version}"` },
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const withDraft = saved.json().data as AdminRecord;
    expect(withDraft.title).toBe('Плановый ремонт подстанции');
    expect(withDraft.version).toBe(news.version);
    expect(withDraft.draft).toMatchObject({ values: { title: 'Черновик трансформаторной подстанции' }, user_email: user.user.email, publish_at: null });
    expect(withDraft.draft?.changed).toEqual(expect.arrayContaining(['title', 'content', 'translations']));
    expect((await read(news.id)).draft?.values.translations).toEqual({ en: { title: 'Substation draft' } });

    // Nothing public changed, and the cached list was not even ended.
    const cached = await get('/api/news/items');
    expect(cached.headers['cache-status']).toBe('corporate-site; hit');
    expect(cached.body).not.toContain('Черновик');
    expect((await get(`/api/news/item/${news.id}`)).body).not.toContain('Черновой абзац');
    expect((await get('/api/search?q=трансформаторной')).json().data.total).toBe(0);
    expect((await get('/sitemap.xml')).body).toBe(sitemap);
    expect((await get('/rss.xml')).body).toBe(rss);
    expect((await read(news.id)).translations?.en).toBeNull();

    const published = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager);
    expect(published.statusCode, published.body).toBe(200);
    const live = published.json().data as AdminRecord;
    expect(live).toMatchObject({ title: 'Черновик трансформаторной подстанции', draft: null, review_state: 'none' });
    expect(live.version).toBeGreaterThan(news.version);
    expect(live.translations?.en?.title).toBe('Substation draft');
    expect((await get('/api/news/items')).body).toContain('Черновик трансформаторной подстанции');
    expect((await get(`/api/news/item/${news.id}`)).body).toContain('Черновой абзац');
    expect((await get('/api/search?q=трансформаторной')).json().data.total).toBe(1);
    expect((await get('/rss.xml')).body).toContain('Черновик трансформаторной подстанции');
    const history = (await call('GET', `/api/admin/news/${news.id}/revisions`, manager)).json().data.items as { changed: string[]; user_email: string }[];
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ user_email: manager.user.email });
    expect(history[0]?.changed).toEqual(expect.arrayContaining(['title', 'content']));
  });

  it("a draft's preview link shows its texts, sanitised as a save stores them, and its picture; the live page and the plain preview stay live", async () => {
    const news = await addNews('Итоги квартала');
    const preview = async (query: string) => {
      const response = await call('POST', `/api/admin/news/preview/${news.id}${query}`, manager);
      expect(response.statusCode, response.body).toBe(200);
      return (await get((response.json().data as { url: string }).url)).body;
    };
    const draftContent = '<p>Черновой абзац</p><script>alert(1)</script><img src=x onerror="alert(2)">';
    const file: FilePart = { field: 'file', filename: 'Обложка.png', data: await pngImage(900, 600, '#336699'), type: 'image/png' };
    const uploaded = await postForm(t.app, '/api/admin/assets/upload', manager.headers, {}, [file]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const picture = uploaded.json().asset as { id: number };
    const cover = (await call('GET', `/api/admin/assets/${picture.id}`, manager)).json().data as { variants: { src: string }[] };
    const saved = await call('POST', `/api/admin/news/draft/${news.id}`, manager, {
      title: 'Итоги квартала, черновик',
      content: draftContent,
      image: { asset: picture.id },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = (await read(news.id)).draft?.values.content;
    expect(stored).toContain('<p>Черновой абзац</p>');
    expect(stored).not.toMatch(/script|onerror/);

    const page = await preview('?draft=1');
    expect(page).toContain('Итоги квартала, черновик');
    expect(page).toContain('Черновой абзац');
    expect(page).not.toMatch(/alert\(/);
    expect(cover.variants[0]?.src).toMatch(/\.(webp|avif|jpe?g|png)$/);
    expect(page).toContain(cover.variants[0]?.src);
    for (const live of [await preview(''), (await get(`/news/${news.slug}`)).body]) {
      expect(live).toContain('Итоги квартала: живой текст');
      expect(live).not.toContain('Черновой абзац');
      expect(live).not.toContain(cover.variants[0]?.src);
    }

    const other = await addNews('Запись без черновика');
    const refused = await call('POST', `/api/admin/news/preview/${other.id}?draft=1`, manager);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe('У записи нет черновика.');
  });

  it('discards a draft, leaving the live record as it was', async () => {
    const news = await addNews('Отчёт закупок');
    expect((await call('POST', `/api/admin/news/draft/${news.id}`, manager, { title: 'Отчёт закупок, правка' })).statusCode).toBe(200);
    const discarded = await call('POST', `/api/admin/news/discard-draft/${news.id}`, manager);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().data).toMatchObject({ title: 'Отчёт закупок', draft: null, version: news.version });
    const again = await call('POST', `/api/admin/news/discard-draft/${news.id}`, manager);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('У записи нет черновика.');
    expect((await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager)).statusCode).toBe(404);
  });

  it('refuses the second of two drafts based on the same version (409 naming who saved), and keeps autosaved fields', async () => {
    const news = await addNews('Итоги квартала');
    const base = { 'if-match': `"${news.version}"` };
    const first = await call('POST', `/api/admin/news/draft/${news.id}`, manager, { title: 'Итоги квартала: первая правка' }, base);
    expect(first.statusCode).toBe(200);
    const second = await call('POST', `/api/admin/news/draft/${news.id}`, otherManager, { title: 'Итоги квартала: вторая правка' }, base);
    expect(second.statusCode).toBe(409);
    expect(second.json().saved).toMatchObject({ by: manager.user.email });
    const draftVersion = (first.json().data as AdminRecord).draft?.version ?? 0;
    // An autosave that sends one field keeps the others of the draft; the draft keeps it as a save stores it.
    const next = await call('POST', `/api/admin/news/draft/${news.id}`, manager, { lead: 'Коротко об итогах' }, { 'if-match': `"${draftVersion}"` });
    expect(next.statusCode, next.body).toBe(200);
    expect((next.json().data as AdminRecord).draft).toMatchObject({
      values: { title: 'Итоги квартала: первая правка', lead: typesetText('Коротко об итогах') },
      version: draftVersion + 1,
    });
    // A publication based on an older version of the draft is refused too, in words of its own.
    const older = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager, undefined, { 'if-match': `"${draftVersion}"` });
    expect(older.statusCode).toBe(409);
    expect(older.json()).toMatchObject({ message: 'Черновик изменился после того, как вы его открыли. Обновите страницу.', saved: { by: manager.user.email } });
    // The live record changed meanwhile: publishing over it is a conflict unless the editor chose to overwrite.
    expect((await call('POST', `/api/admin/news/update/${news.id}`, otherManager, { seo_title: 'Итоги' })).statusCode).toBe(200);
    const liveChanged = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager);
    expect(liveChanged.statusCode).toBe(409);
    expect(liveChanged.json()).toMatchObject({ message: STALE_VERSION_MESSAGE, saved: { by: expect.stringContaining(otherManager.user.email) } });
    const overwrite = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager, undefined, { 'x-conflict-resolution': 'overwrite' });
    expect(overwrite.statusCode, overwrite.body).toBe(200);
    expect(overwrite.json().data).toMatchObject({ title: 'Итоги квартала: первая правка', draft: null });
  });

  it('keeps the review settings for MANAGERs only, refusing resources without drafts', async () => {
    expect((await call('GET', '/api/admin/settings/review', manager)).json().data).toEqual({ resources: [] });
    expect((await call('GET', '/api/admin/settings/review', user)).statusCode).toBe(403);
    expect((await call('PUT', '/api/admin/settings/review', manager, { resources: ['users'] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/settings/review', user, { resources: ['news'] })).statusCode).toBe(403);
  });

  it('under review: a USER changes a live record only as its draft, submits it; a MANAGER returns it, then publishes it with letters and audit', async () => {
    const news = await addNews('Новый тариф подключения');
    await setReview(['news']);
    const lettersBefore = (await reviewLetters()).length;

    const update = await call('POST', `/api/admin/news/update/${news.id}`, user, { title: 'Новый тариф: правка пользователя' });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({
      title: 'Новый тариф подключения',
      version: news.version,
      draft: { values: { title: 'Новый тариф: правка пользователя' } },
    });
    expect((await get('/api/news/items')).body).not.toContain('правка пользователя');

    const refused = await call('POST', `/api/admin/news/publish-draft/${news.id}`, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/менеджер/);
    expect((await call('POST', `/api/admin/news/remove/${news.id}`, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/news/remove-img/${news.id}`, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/news/request-changes/${news.id}`, user, { comment: 'Сам себе' })).statusCode).toBe(403);

    const submitted = await call('POST', `/api/admin/news/submit/${news.id}`, user);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().data.review_state).toBe('in_review');
    // The admin list marks the records with drafts and where their review stands.
    const listed = (await call('GET', '/api/admin/news?perPage=100', manager)).json().data as { id: number; has_draft: boolean; review_state: string }[];
    expect(listed.find((row) => row.id === news.id)).toMatchObject({ has_draft: true, review_state: 'in_review' });
    expect(listed.filter((row) => row.id !== news.id).every((row) => typeof row.has_draft === 'boolean')).toBe(true);
    const queue = (await call('GET', '/api/admin/review-queue', manager)).json().data as { waiting: { record_id: number; title: string | null }[] };
    expect(queue.waiting.map((item) => item.record_id)).toContain(news.id);
    // Each entry is named by the title the draft gives the record.
    expect(queue.waiting.find((item) => item.record_id === news.id)?.title).toBe('Новый тариф: правка пользователя');

    expect((await call('POST', `/api/admin/news/request-changes/${news.id}`, manager, { comment: '' })).statusCode).toBe(400);
    const returned = await call('POST', `/api/admin/news/request-changes/${news.id}`, manager, { comment: 'Уточните дату вступления в силу.' });
    expect(returned.statusCode, returned.body).toBe(200);
    const onForm = await read(news.id, user);
    expect(onForm.review_state).toBe('changes_requested');
    // Its row tells its author that the returned draft is theirs, and that their changes of live records wait for review.
    const rowFor = async (account: typeof user) =>
      ((await call('GET', '/api/admin/news?perPage=100', account)).json().data as { id: number; draft_mine: boolean; review_required: boolean }[]).find(
        (row) => row.id === news.id,
      );
    expect(await rowFor(user)).toMatchObject({ draft_mine: true, review_required: true });
    expect(await rowFor(manager)).toMatchObject({ draft_mine: false, review_required: false });
    // The edit screen learns from the read whose changes wait for review: the USER's, not the MANAGER's.
    expect(onForm.review_required).toBe(true);
    expect((await read(news.id, manager)).review_required).toBe(false);
    expect(onForm.review_comment).toMatchObject({ text: 'Уточните дату вступления в силу.', user_email: manager.user.email });
    const mine = (await call('GET', '/api/admin/review-queue', user)).json().data as {
      waiting: unknown[];
      mine: { record_id: number; review_state: string; review_comment: { text: string } | null }[];
    };
    expect(mine.waiting).toEqual([]);
    expect(mine.mine.find((item) => item.record_id === news.id)).toMatchObject({
      review_state: 'changes_requested',
      review_comment: { text: 'Уточните дату вступления в силу.' },
    });

    expect((await call('POST', `/api/admin/news/draft/${news.id}`, user, { title: 'Новый тариф действует весной' })).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/news/submit/${news.id}`, user)).statusCode).toBe(200);
    const approved = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ title: 'Новый тариф действует весной', draft: null, review_state: 'none', review_comment: null });
    expect((await get('/api/news/items')).body).toContain('Новый тариф действует весной');

    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'user_email'])
      .where('resource', '=', 'news')
      .where('record_id', '=', String(news.id))
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['add', 'save-draft', 'submit', 'request-changes', 'save-draft', 'submit', 'approve']);
    expect(audit.at(-1)?.user_email).toBe(manager.user.email);

    const letters = (await reviewLetters()).slice(lettersBefore);
    const managers = [manager.user.email, otherManager.user.email];
    expect(letters).toHaveLength(4);
    expect(letters[0]?.to).toEqual(expect.arrayContaining(managers));
    expect(letters[0]?.subject).toContain('ждёт согласования');
    expect(letters[1]).toMatchObject({ to: [user.user.email] });
    expect(letters[1]?.text).toContain('Уточните дату вступления в силу.');
    expect(letters[3]).toMatchObject({ to: [user.user.email] });
    expect(letters[3]?.subject).toContain('опубликованы');
    await setReview([]);
  });

  it('under review: a USER adds a record unpublished with its publication as the draft, and a restored revision becomes the draft', async () => {
    await setReview(['news']);
    const added = await addNews('Пресс-релиз пользователя', user);
    expect(added.published).toBe(0);
    expect(added.draft?.values).toEqual({ published: 1 });
    expect((await get('/api/news/items')).body).not.toContain('Пресс-релиз пользователя');
    // Without a published flag in the body, the flag's default (published) is what waits.
    const unflagged = await call('POST', '/api/admin/news/add', user, { title: 'Заметка пользователя', public_at: daysAgo(1) });
    expect(unflagged.statusCode, unflagged.body).toBe(200);
    expect(unflagged.json().data).toMatchObject({ published: 0, draft: { values: { published: 1 } } });
    // Further changes join the waiting draft, which a MANAGER then publishes whole.
    const unflaggedId = (unflagged.json().data as AdminRecord).id;
    const edited = await call('POST', `/api/admin/news/update/${unflaggedId}`, user, { lead: 'Подробности позже' });
    expect(edited.json().data).toMatchObject({ lead: '', draft: { values: { published: 1, lead: 'Подробности позже' } } });
    const approved = await call('POST', `/api/admin/news/publish-draft/${unflaggedId}`, manager);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ published: 1, lead: 'Подробности позже', draft: null });

    await setReview([]);
    const news = await addNews('Годовое собрание');
    expect((await call('POST', `/api/admin/news/update/${news.id}`, manager, { title: 'Годовое собрание акционеров' })).statusCode).toBe(200);
    const [revision] = (await call('GET', `/api/admin/news/${news.id}/revisions`, manager)).json().data.items as { id: number }[];
    await setReview(['news']);
    const restored = await call('POST', `/api/admin/news/restore-revision/${news.id}/${revision?.id ?? 0}`, user);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ title: 'Годовое собрание акционеров', draft: { values: { title: 'Годовое собрание' } } });
    await setReview([]);
  });

  it("works alike for a plain REST resource: a USER's PUT of a live vacancy under review becomes its draft, a MANAGER publishes it", async () => {
    const body = { title: 'Инженер релейной защиты', city: 'Казань', employment: 'full', public_at: daysAgo(1), published: 1 };
    const created = await call('POST', '/api/admin/vacancies', manager, body);
    expect(created.statusCode, created.body).toBe(200);
    const vacancy = created.json().data as AdminRecord;
    await setReview(['vacancies']);
    const put = await call('PUT', `/api/admin/vacancies/${vacancy.id}`, user, { city: 'Самара' }, { 'if-match': `"${vacancy.version}"` });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ city: 'Казань', draft: { values: { city: 'Самара' } } });
    expect((await get('/api/vacancies')).body).not.toContain('Самара');
    expect((await call('DELETE', `/api/admin/vacancies/${vacancy.id}`, user)).statusCode).toBe(403);
    expect((await call('POST', `/api/admin/vacancies/publish-draft/${vacancy.id}`, user)).statusCode).toBe(403);
    const published = await call('POST', `/api/admin/vacancies/publish-draft/${vacancy.id}`, manager);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ city: 'Самара', draft: null });
    expect((await get('/api/vacancies')).body).toContain('Самара');
    await setReview([]);
  });

  it('publishes a draft at the chosen moment through the periodic job, not before', async () => {
    const news = await addNews('Отключение воды');
    expect((await call('POST', `/api/admin/news/draft/${news.id}`, manager, { title: 'Отключение воды отменено' })).statusCode).toBe(200);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const scheduled = await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager, { publish_at: at.toISOString() });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().data).toMatchObject({ title: 'Отключение воды', draft: { publish_at: at.toISOString() } });
    expect((await call('POST', `/api/admin/news/publish-draft/${news.id}`, manager, { publish_at: 'завтра' })).statusCode).toBe(400);

    await t.app.jobs.runIfDue(SCHEDULED_DRAFTS_JOB, Date.now());
    expect((await read(news.id)).title).toBe('Отключение воды');
    await t.app.jobs.runIfDue(SCHEDULED_DRAFTS_JOB, at.getTime() + 2 * 60_000);
    const after = await read(news.id);
    expect(after).toMatchObject({ title: 'Отключение воды отменено', draft: null });
    const entry = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'user_email'])
      .where('record_id', '=', String(news.id))
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(entry).toEqual({ action: 'publish-draft', user_email: manager.user.email });
  });
});

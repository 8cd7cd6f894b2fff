import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SIZES } from '../../lib/paging.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo, insertArticle, insertPress, insertVideo } from '../helpers/fixtures.js';

type Item = { id: number };
const idsOf = (items: Item[]) => items.map((item) => item.id);

describe.each(await testDialects())('media reads on %s', (dialect) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp(dialect);
    const db = t.app.db;
    const now = daysAgo(0);
    const sources = await db
      .insertInto('media_sources')
      .values([
        { name: 'Бета', url: 'https://b.example', logo: null, active: 1, updated_at: now },
        { name: 'Альфа', url: 'https://a.example', logo: null, active: 1, updated_at: now },
        { name: 'Закрытое', url: 'https://c.example', logo: null, active: 0, updated_at: now },
      ])
      .returning('id')
      .execute();
    ids.sourceB = sources[0]!.id;
    ids.sourceA = sources[1]!.id;
    ids.sourceClosed = sources[2]!.id;

    for (let i = 0; i < PAGE_SIZES.mediaOur + 1; i++) ids[`our${i}`] = await insertArticle(db, 'media_our', { public_at: daysAgo(i + 1), slug: `our-${i}` });
    ids.ourDraft = await insertArticle(db, 'media_our', { published: 0, public_at: daysAgo(0.5) });
    ids.ourScheduled = await insertArticle(db, 'media_our', { public_at: daysAgo(-1) });

    for (let i = 0; i < PAGE_SIZES.mediaOther + 2; i++) {
      ids[`press${i}`] = await insertPress(db, { public_at: daysAgo(i + 0.2), source_id: i === 0 ? ids.sourceA : null });
    }
    ids.pressScheduled = await insertPress(db, { public_at: daysAgo(-2) });

    // Videos: two fixed (order 2 then 1 by insertion, so the fixed order, not the date, must decide), others by date.
    ids.videoNewest = await insertVideo(db, { public_at: daysAgo(0.1) });
    ids.videoFixedSecond = await insertVideo(db, { public_at: daysAgo(30), fixed: 1, fixed_order: 2 });
    ids.videoFixedFirst = await insertVideo(db, { public_at: daysAgo(40), fixed: 1, fixed_order: 1 });
    for (let i = 0; i < PAGE_SIZES.mediaVideo; i++) ids[`video${i}`] = await insertVideo(db, { public_at: daysAgo(i + 1.5) });
    ids.videoDraft = await insertVideo(db, { published: 0 });
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { status: response.statusCode, body: response.json() };
  };

  it('answers the tab overview with ours, others, videos (items and pageCount each) and reads', async () => {
    const { status, body } = await get('/api/media/items?ourPage=2&otherPage=1&videoPage=2');
    expect(status).toBe(200);
    const { ours, others, videos, reads } = body.data;
    expect(ours).toMatchObject({ page: 2, perPage: PAGE_SIZES.mediaOur, pageCount: 2, total: PAGE_SIZES.mediaOur + 1 });
    expect(idsOf(ours.items)).toEqual([ids[`our${PAGE_SIZES.mediaOur}`]]);
    expect(others).toMatchObject({ page: 1, pageCount: 2, total: PAGE_SIZES.mediaOther + 2 });
    expect(videos).toMatchObject({ page: 2, pageCount: 2, total: PAGE_SIZES.mediaVideo + 3 });
    expect(Array.isArray(reads)).toBe(true);
  });

  it.each(['ourPage=0', 'otherPage=x', 'videoPage=-2'])('answers %s on the overview with 404 Page not found.', async (query) => {
    expect(await get(`/api/media/items?${query}`)).toEqual({ status: 404, body: { message: 'Page not found.' } });
  });

  it('lists press items newest first with their source, hiding scheduled ones', async () => {
    const { body } = await get('/api/media/other-items?page=1');
    expect(body.data.items[0]).toMatchObject({ id: ids.press0, source: { id: ids.sourceA, name: 'Альфа' } });
    expect(body.data.items[1].source).toBeNull();
    expect(idsOf(body.data.items)).not.toContain(ids.pressScheduled);
    expect((await get('/api/media/other-items?page=2')).body.data.items).toHaveLength(2);
    expect((await get('/api/media/other-items?page=abc')).status).toBe(404);
  });

  it('lists fixed videos first in their fixed order, then the others newest first', async () => {
    const { body } = await get('/api/media/video-items');
    expect(idsOf(body.data.items).slice(0, 4)).toEqual([ids.videoFixedFirst, ids.videoFixedSecond, ids.videoNewest, ids.video0]);
    expect(body.data.items[0]).toMatchObject({ fixed: 1, fixed_order: 1 });
    const all = [...body.data.items, ...(await get('/api/media/video-items?page=2')).body.data.items];
    expect(idsOf(all)).not.toContain(ids.videoDraft);
    expect(all).toHaveLength(PAGE_SIZES.mediaVideo + 3);
  });

  it('answers the lead block: newest own article, newest press item, first fixed video', async () => {
    const { body } = await get('/api/media/generals');
    expect(body.data.our.id).toBe(ids.our0);
    expect(body.data.other.id).toBe(ids.press0);
    expect(body.data.video.id).toBe(ids.videoFixedFirst);
  });

  it('lists only active sources, by name', async () => {
    const { body } = await get('/api/media/sources');
    expect(body.data.map((source: { name: string }) => source.name)).toEqual(['Альфа', 'Бета']);
    expect(body.data.every((source: { active: number }) => source.active === 1)).toBe(true);
  });

  it('mixes own, press and video items newest first in the main feed', async () => {
    const { body } = await get('/api/media/main-items?page=1');
    expect(body.data.perPage).toBe(PAGE_SIZES.mediaMain);
    expect(body.data.items.map((item: { type: string; id: number }) => [item.type, item.id])).toEqual([
      ['video', ids.videoNewest],
      ['other', ids.press0],
      ['our', ids.our0],
      ['other', ids.press1],
    ]);
    expect((await get('/api/media/main-items?page=0')).status).toBe(404);
  });

  it('reads an own article by id or slug and 404s drafts, scheduled and unknown ones', async () => {
    expect((await get(`/api/media/item/${ids.our3}`)).body.data).toMatchObject({ id: ids.our3, slug: 'our-3' });
    expect((await get('/api/media/item/our-4')).body.data.id).toBe(ids.our4);
    for (const id of [ids.ourDraft, ids.ourScheduled, 987654]) expect((await get(`/api/media/item/${id}`)).status).toBe(404);
  });

  it('counts item reads and ranks many-reads by them', async () => {
    for (let i = 0; i < 3; i++) await get(`/api/media/item/${ids.our5}`);
    for (let i = 0; i < 2; i++) await get('/api/media/item/our-7');
    await t.app.views.flush();
    const { body } = await get('/api/media/many-reads');
    expect(body.data).toHaveLength(PAGE_SIZES.manyReads);
    expect(idsOf(body.data).slice(0, 2)).toEqual([ids.our5, ids.our7]);
    expect((await get(`/api/media/item/${ids.our5}`)).body.data.views).toBe(3);
  });
});

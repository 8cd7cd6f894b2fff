import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_MAX } from '../../lib/listTotals.js';
import { resourceNamed } from '../../lib/resources/index.js';
import { SEARCH_RESULTS_MAX } from '../../lib/search.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { articleValues, daysAgo } from '../helpers/fixtures.js';
import { reindexAll } from '../../server/search/indexer.js';
import { adminHeaders, postForm } from './admin-helpers.js';

const enc = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The admin's lists at scale: pages read through their index, totals capped, the search box through the search index. */
describe.each(await testDialects())('admin lists at scale on %s', (dialect) => {
  let t: TestApp;
  let headers: Record<string, string>;

  const list = async (resource: string, sort: [string, string], range: [number, number], filter: Record<string, unknown> = {}) => {
    const response = await t.app.inject({
      url: `/api/admin/${resource}?sort=${enc(sort)}&range=${enc(range)}&filter=${enc(filter)}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return { ids: (response.json().data as { id: number }[]).map((row) => row.id), range: String(response.headers['content-range']) };
  };

  /** The ids the list answered before pages were read through their index: one offset read in the same order. */
  const offsetRead = async (sort: [string, string], range: [number, number], published?: 0 | 1) => {
    const order = sort[1] === 'ASC' ? 'asc' : 'desc';
    let query = t.app.db.selectFrom('news').select('id');
    if (published !== undefined) query = query.where('published', '=', published);
    const rows = await query
      .orderBy(sort[0] as 'title', order)
      .orderBy('id', order)
      .limit(range[1] - range[0] + 1)
      .offset(range[0])
      .execute();
    return rows.map((row) => Number(row.id));
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    headers = await adminHeaders(t.app, 'USER');
    // 60 news with many ties: 4 titles, 3 view counts, 5 dates, both states; every sort then breaks ties by id.
    const rows = Array.from({ length: 60 }, (_, i) =>
      articleValues({
        title: `Заголовок ${i % 4}`,
        views: i % 3,
        public_at: daysAgo(i % 5),
        published: i % 7 === 0 ? (0 as const) : (1 as const),
        updated_at: daysAgo((i * 7) % 11),
      }),
    );
    await t.app.db.insertInto('news').values(rows).execute();
  }, 120_000);
  afterAll(() => t?.close());

  it('answers every page of every offered sort, both directions, with and without a filter, as the offset read did', async () => {
    const sortable = resourceNamed('news').list.sortable;
    for (const field of ['id', ...sortable]) {
      for (const order of ['ASC', 'DESC']) {
        for (const range of [
          [0, 24],
          [25, 49],
          [50, 74],
          [17, 23],
        ] as [number, number][]) {
          const sort: [string, string] = [field, order];
          expect((await list('news', sort, range)).ids, `${field} ${order} ${range.join('-')}`).toEqual(await offsetRead(sort, range));
          expect((await list('news', sort, range, { published: 1 })).ids, `${field} ${order} ${range.join('-')} published`).toEqual(
            await offsetRead(sort, range, 1),
          );
        }
      }
    }
  });

  it('tells the exact total up to the cap in Content-Range', async () => {
    expect((await list('news', ['title', 'ASC'], [0, 24])).range).toBe('news 0-24/60');
    expect((await list('news', ['title', 'ASC'], [50, 74])).range).toBe('news 50-59/60');
    const drafts = (await t.app.db.selectFrom('news').select('id').where('published', '=', 0).execute()).length;
    expect((await list('news', ['views', 'DESC'], [0, 24], { published: 0 })).range).toBe(`news 0-${drafts - 1}/${drafts}`);
  });

  describe('past the count cap', () => {
    const extra = LIST_COUNT_MAX + 50;
    beforeAll(async () => {
      const rows = Array.from({ length: extra }, (_, i) => articleValues({ title: `Архив ${String(i).padStart(5, '0')}`, published: 0 }));
      for (let i = 0; i < rows.length; i += 500)
        await t.app.db
          .insertInto('media_our')
          .values(rows.slice(i, i + 500))
          .execute();
    }, 120_000);

    it('counts at most the cap and one row more, and the pages past it still answer their rows with a total beyond them', async () => {
      expect((await list('media-our', ['title', 'ASC'], [0, 24])).range).toBe(`media-our 0-24/${LIST_COUNT_MAX + 1}`);
      expect((await list('media-our', ['title', 'ASC'], [0, 24], { published: 0 })).range).toBe(`media-our 0-24/${LIST_COUNT_MAX + 1}`);
      // A page past the cap: its rows, and a total one past it while rows follow, so that «next» stays open.
      const deep = await list('media-our', ['title', 'ASC'], [LIST_COUNT_MAX, LIST_COUNT_MAX + 24]);
      expect(deep.range).toBe(`media-our ${LIST_COUNT_MAX}-${LIST_COUNT_MAX + 24}/${LIST_COUNT_MAX + 26}`);
      const titles = await t.app.db
        .selectFrom('media_our')
        .select('id')
        .orderBy('title', 'asc')
        .orderBy('id', 'asc')
        .limit(25)
        .offset(LIST_COUNT_MAX)
        .execute();
      expect(deep.ids).toEqual(titles.map((row) => Number(row.id)));
      // The last page: its rows and a total that ends with them (still above the cap: «more than 10 000»).
      const last = await list('media-our', ['title', 'ASC'], [extra - 10, extra + 14]);
      expect(last.ids).toHaveLength(10);
      expect(last.range).toBe(`media-our ${extra - 10}-${extra - 1}/${extra}`);
      // Beyond the end: no rows, the total still says «more than the cap».
      expect((await list('media-our', ['title', 'ASC'], [extra + 100, extra + 124])).range).toBe(`media-our */${LIST_COUNT_MAX + 1}`);
    });
  });

  describe('the search box', () => {
    const add = async (title: string, lead = '') => {
      const response = await postForm(t.app, '/api/admin/news/add', headers, { title, lead, public_at: daysAgo(1), published: 0 });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.id as number;
    };
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      ids.company = await add('Компания открыла завод');
      ids.companies = await add('О компаниях региона', 'Итоги года');
      ids.compact = await add('Компактный отчёт');
      ids.other = await add('Погода на неделю', 'Солнечно');
    });
    const found = async (q: string) => (await list('news', ['id', 'ASC'], [0, 99], { q })).ids.sort((a, b) => a - b);

    it('reads what an editor types as the beginnings of words, in any of their forms', async () => {
      expect(await found('компан')).toEqual([ids.company, ids.companies]);
      expect(await found('Компани')).toEqual([ids.company, ids.companies]);
      expect(await found('компаниями')).toEqual([ids.company, ids.companies]);
      expect(await found('комп')).toEqual([ids.company, ids.companies, ids.compact]);
      // Every word must be found, each as a beginning.
      expect(await found('компан зав')).toEqual([ids.company]);
      expect(await found('компан ито')).toEqual([ids.companies]);
    });

    it('finds only what the search index holds: no substring inside a word, nothing for stop words alone', async () => {
      expect(await found('пания')).toEqual([]);
      expect(await found('и в на')).toEqual([]);
    });

    it('counts its matches exactly up to the search cap, and past it reads the newest matches and tells one more', async () => {
      expect((await list('news', ['title', 'ASC'], [0, 24], { q: 'компан' })).range).toBe('news 0-1/2');
      const videos = Array.from({ length: SEARCH_RESULTS_MAX + 20 }, (_, i) => ({
        title: `Репортаж ${i}`,
        lead: '',
        video_url: 'https://www.youtube-nocookie.com/embed/x',
        public_at: daysAgo(i / 100),
        published: 1 as const,
        fixed: 0 as const,
        updated_at: daysAgo(0),
      }));
      for (let i = 0; i < videos.length; i += 500)
        await t.app.db
          .insertInto('media_video')
          .values(videos.slice(i, i + 500))
          .execute();
      await reindexAll(t.app.db);
      const searched = await list('media-video', ['public_at', 'DESC'], [0, 24], { q: 'репортаж' });
      expect(searched.range).toBe(`media-video 0-24/${SEARCH_RESULTS_MAX + 1}`);
      const newest = await t.app.db.selectFrom('media_video').select('id').orderBy('public_at', 'desc').orderBy('id', 'desc').limit(25).execute();
      expect(searched.ids).toEqual(newest.map((row) => Number(row.id)));
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicReads, PublicRecord } from '../../lib/content.js';
import { FEEDS, pageAt, type DeclaredFeed, type FeedDeclaration, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { SiteSettings } from '../../lib/site.js';
import { feedDocument } from '../../server/site/rss.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { postForm } from './admin-helpers.js';

describe('declared feeds', () => {
  it('each reads what its list carries: the item title, its summary, its date and its page address', () => {
    expect(FEEDS.map(({ feed }) => feed.path)).toEqual(['/rss.xml', '/media/nashi-novosti/rss.xml', '/karera/rss.xml']);
    for (const { resource, feed } of FEEDS) {
      const fields = resource.public?.list?.fields ?? [];
      const needed = [feed.itemTitle, ...(feed.summary ? [feed.summary] : []), 'public_at', ...(resource.public?.page?.pathFields ?? ['none'])];
      expect(
        needed.filter((name) => !fields.includes(name)),
        resource.name,
      ).toEqual([]);
    }
  });
});

describe('a feed document', () => {
  const feed: FeedDeclaration = { path: '/sobytiya/rss.xml', name: { ru: 'События', en: 'Events' }, itemTitle: 'title' };
  /** A feed of a resource declaring `fields`, read through a list that answers `items` and tells what it was asked. */
  const written = async (fields: ResourceDescriptor['fields'], items: PublicRecord[]) => {
    const asked: Parameters<PublicReads['list']>[1][] = [];
    const reads = {
      list: async (_resource: string, query: Parameters<PublicReads['list']>[1]) => {
        asked.push(query);
        return { items, page: 1, perPage: 20, pageCount: 1, total: items.length };
      },
    } as unknown as PublicReads;
    const resource: ResourceDescriptor = {
      name: 'events',
      table: 'events',
      role: 'MANAGER',
      api: 'rest',
      fields,
      list: { sortable: [], searchable: [], filters: {}, defaultSort: ['id', 'ASC'], columns: [] },
      menu: 'site',
      public: { list: { path: '/sobytiya', perPage: 20, filters: [], fields: Object.keys(fields) }, page: { ...pageAt('/sobytiya/{slug}'), fields: [] }, feed },
    };
    const declared: DeclaredFeed = { resource, feed, listPath: '/sobytiya' };
    const url = (path: string) => `https://www.example.test${path}`;
    const site: SiteSettings = { brand: 'Смарт Горизонт', publicUrl: url(''), description: 'Сайт', altTemplate: '{title}', phone: { display: '', e164: '' } };
    return { body: await feedDocument(reads, declared, { site, locale: 'ru', url }), asked };
  };

  it("dates each item by its public_at, and gives none to the items of a resource without one, never 'Invalid Date'", async () => {
    const dated = await written({ title: { kind: 'text', max: 100 }, public_at: { kind: 'date' } }, [
      { id: 1, title: 'Собрание', slug: 'sobranie', public_at: '2031-05-20T07:00:00.000Z' },
    ]);
    expect(dated.body).toContain('<pubDate>Tue, 20 May 2031 07:00:00 GMT</pubDate>');
    const undated = await written({ title: { kind: 'text', max: 100 } }, [{ id: 2, title: 'Без даты', slug: 'bez-daty' }]);
    expect(undated.body).toContain('<title>Без даты</title>');
    expect(undated.body).not.toContain('<pubDate>');
    expect(undated.body).not.toContain('Invalid Date');
  });

  it('reads the first page of the list without naming a part: a list in parts feeds its first part', async () => {
    const { asked } = await written({ title: { kind: 'text', max: 100 } }, []);
    expect(asked).toEqual([{ page: 1, perPage: 20 }]);
  });
});

/** Vacancies and own media articles have feeds of their own, announced nowhere but where they are declared. */
describe.each(await testDialects())('feeds from declarations on %s', (dialect) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof userWithToken>>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { env: { PUBLIC_URL: 'https://www.example.test' } });
    user = await userWithToken(t.app, 'USER');
  }, 240_000);
  afterAll(() => t?.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const vacancy = async (title: string, published: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/vacancies',
      headers: user.headers,
      payload: { title, city: 'Казань', employment: 'full', description: '<p>Работа.</p>', public_at: daysAgo(1), published },
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { id: number; slug: string; version: number };
  };

  it('/karera/rss.xml lists published vacancies; a guid stays the same when the slug changes', async () => {
    const open = await vacancy('Монтажник', 1);
    await vacancy('Черновик вакансии', 0);
    const before = await get('/karera/rss.xml');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(before.body).toContain('<title>Вакансии | Смарт Горизонт</title>');
    expect(before.body).toContain('<link>https://www.example.test/karera</link>');
    expect(before.body).toContain('<atom:link href="https://www.example.test/karera/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(before.body).toContain(`<link>https://www.example.test/karera/${open.slug}</link>`);
    expect(before.body).toContain('<description>Казань</description>');
    expect(before.body).not.toContain('Черновик вакансии');
    const guid = `<guid isPermaLink="false">vacancies-${open.id}@www.example.test</guid>`;
    expect(before.body).toContain(guid);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/vacancies/${open.id}`,
      headers: user.headers,
      payload: { slug: 'montazhnik-v-kazani' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = (await get('/karera/rss.xml')).body;
    expect(after).toContain('<link>https://www.example.test/karera/montazhnik-v-kazani</link>');
    expect(after).toContain(guid);
  });

  it('/media/nashi-novosti/rss.xml lists own media articles, each guid the address of its page by id', async () => {
    const added = await postForm(t.app, '/api/admin/media-our/add', user.headers, {
      title: 'Интервью директора',
      lead: 'Планы компании',
      public_at: daysAgo(1),
    });
    expect(added.statusCode).toBe(200);
    const article = added.json().data as { id: number; slug: string };
    const feed = (await get('/media/nashi-novosti/rss.xml')).body;
    expect(feed).toContain('<title>Новости компании | Смарт Горизонт</title>');
    expect(feed).toContain(`<link>https://www.example.test/media/nashi-novosti/${article.slug}</link>`);
    expect(feed).toContain(`<guid isPermaLink="true">https://www.example.test/media/nashi-novosti/${article.id}</guid>`);
    expect(feed).toContain('<description>Планы компании</description>');
    // The news feed carries news only.
    expect((await get('/rss.xml')).body).not.toContain('Интервью директора');
  });
});

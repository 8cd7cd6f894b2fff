import type { Kysely } from 'kysely';
import type { ContentServices } from '../../lib/content.js';
import { idFromText, isPathKey } from '../../lib/ids.js';
import { PAGE_SIZES } from '../../lib/paging.js';
import type { Database } from '../db/schema.js';
import { articleSummaryColumns, toArticle, toArticleSummary } from './mappers.js';
import { pageOf, toCount } from './paging.js';
import type { ViewCounter } from './viewCounter.js';
import { visibleNow, visibleNowOrPreviewed } from './visibility.js';

type ArticleTable = 'news' | 'media_our';

/**
 * The public reads shared by news and own media articles: pages of summaries and one article that counts a read.
 * `previewedId` names the article a preview link opened: `get` shows it even as a draft or scheduled, uncounted.
 */
export function createArticleReads(db: Kysely<Database>, table: ArticleTable, views: ViewCounter, previewedId: number | null = null) {
  const list = (page: number, perPage: number) =>
    pageOf(
      page,
      perPage,
      async () =>
        toCount(
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('count'))
            .where(visibleNow())
            .executeTakeFirst(),
        ),
      async (limit, offset) =>
        (
          await db
            .selectFrom(table)
            .select(articleSummaryColumns)
            .where(visibleNow())
            .orderBy('public_at', 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .offset(offset)
            .execute()
        ).map(toArticleSummary),
    );

  /** An article by id or slug; an id out of range or a key with control characters names nothing. */
  const get = async (idOrSlug: string) => {
    if (!isPathKey(idOrSlug)) return null;
    const byId = idFromText(idOrSlug);
    const row = await db
      .selectFrom(table)
      .selectAll()
      .where(visibleNowOrPreviewed(previewedId))
      .where((eb) => (byId === null ? eb('slug', '=', idOrSlug) : eb.or([eb('id', '=', byId), eb('slug', '=', idOrSlug)])))
      .orderBy('id')
      .executeTakeFirst();
    if (!row) return null;
    if (row.id !== previewedId) views.record(table, row.id);
    return toArticle(row);
  };

  return { list, get };
}

export function createNewsService(db: Kysely<Database>, views: ViewCounter): ContentServices['news'] {
  const reads = createArticleReads(db, 'news', views);
  return {
    list: (page) => reads.list(page, PAGE_SIZES.news),
    mainItems: (page) => reads.list(page, PAGE_SIZES.newsMain),
    get: reads.get,
  };
}

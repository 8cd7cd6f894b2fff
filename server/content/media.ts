import { sql, type Kysely, type SqlBool } from 'kysely';
import { readList, type ContentServices, type PublicReads } from '../../lib/content.js';
import { mediaOther, mediaVideo } from '../../lib/resources/media.js';
import { mediaOur } from '../../lib/resources/articles.js';
import { PAGE_SIZES } from '../../lib/paging.js';
import type { MediaFeedItem, MediaSource, PressArticle, Video } from '../../lib/types.js';
import type { Database, MediaSourceRow, MediaVideoRow } from '../db/schema.js';
import { articleSummaryColumns, toArticleSummary, toPublicImage } from './mappers.js';
import { orderedIndex, sortedBy, type RowOrder } from './listIndexes.js';
import { inOrderOf, pageOfKeys, type KeepPerGeneration } from './paging.js';
import { visibleNow } from './visibility.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { translatedIn, withTranslatedValues } from '../translations/publicReads.js';

const NEWEST_FIRST = [
  ['public_at', 'desc'],
  ['id', 'desc'],
] as const satisfies RowOrder;
/** Fixed videos first in their fixed order, then the others newest first. */
const VIDEO_ORDER = [['fixed', 'desc'], ['fixed_order', 'asc'], ...NEWEST_FIRST] as const satisfies RowOrder;
/** The most read own articles. */
const MANY_READS_ORDER = [['views', 'desc'], ...NEWEST_FIRST] as const satisfies RowOrder;

/** The indexes the media section's reads go through, from the orders they read in. */
export const MEDIA_INDEXES = [
  orderedIndex(mediaOther, [], NEWEST_FIRST),
  orderedIndex(mediaVideo, [], VIDEO_ORDER),
  orderedIndex(mediaOur, [], MANY_READS_ORDER),
];

export function toMediaSource(row: MediaSourceRow): MediaSource {
  return { id: row.id, name: row.name, url: row.url, logo: toPublicImage(row.logo, row.name), active: row.active };
}

export function toVideo(row: MediaVideoRow): Video {
  return {
    id: row.id,
    title: row.title,
    lead: row.lead,
    video_url: row.video_url,
    preview: toPublicImage(row.preview, row.title),
    public_at: row.public_at,
    fixed: row.fixed,
    fixed_order: row.fixed_order,
  };
}

/**
 * The media section's reads. In another language than Russian (`locale`) every list holds only the records
 * translated into it, in its words, and what is kept per generation is kept apart per language.
 */
export function createMediaService(
  db: Kysely<Database>,
  reads: PublicReads,
  keep: KeepPerGeneration,
  locale: Locale = DEFAULT_LOCALE,
): ContentServices['media'] {
  const english = locale !== DEFAULT_LOCALE ? locale : null;
  /** Visible records, and in another language only those translated into it. */
  const shown = (resource: ResourceDescriptor) =>
    english ? sql<SqlBool>`${visibleNow(resource)} and ${translatedIn(resource, english)}` : visibleNow(resource);
  const inLanguage = <R extends object>(resource: ResourceDescriptor, rows: R[]): Promise<R[]> | R[] =>
    english ? withTranslatedValues(db, resource, english, rows) : rows;
  const oneInLanguage = async <R extends object>(resource: ResourceDescriptor, row: R): Promise<R> => (await inLanguage(resource, [row]))[0] ?? row;
  const kept = (key: string) => (english ? `${english}:${key}` : key);
  const pressQuery = () =>
    db
      .selectFrom('media_other')
      .leftJoin('media_sources', 'media_sources.id', 'media_other.source_id')
      .select([
        'media_other.id',
        'media_other.title',
        'media_other.lead',
        'media_other.url',
        'media_other.public_at',
        'media_sources.id as source_id',
        'media_sources.name as source_name',
        'media_sources.url as source_url',
        'media_sources.logo as source_logo',
      ]);

  type PressRow = Awaited<ReturnType<ReturnType<typeof pressQuery>['executeTakeFirstOrThrow']>>;
  const toPress = (row: PressRow): PressArticle => ({
    id: row.id,
    title: row.title,
    lead: row.lead,
    url: row.url,
    public_at: row.public_at,
    source:
      row.source_id === null
        ? null
        : {
            id: row.source_id,
            name: row.source_name ?? '',
            url: row.source_url ?? '',
            logo: toPublicImage(row.source_logo, row.source_name ?? ''),
          },
  });

  /** The visible press items' and videos' ids in their order, kept per generation. */
  const pressIds = () =>
    keep(kept('media:press'), async () =>
      (await sortedBy(db.selectFrom('media_other').select('id').where(shown(mediaOther)), NEWEST_FIRST).execute()).map((row) => row.id),
    );
  const videoIds = () =>
    keep(kept('media:videos'), async () =>
      (await sortedBy(db.selectFrom('media_video').select('id').where(shown(mediaVideo)), VIDEO_ORDER).execute()).map((row) => row.id),
    );

  const pressByIds = async (ids: readonly number[]) =>
    (
      await inLanguage(
        mediaOther,
        inOrderOf(
          ids,
          await pressQuery()
            .where('media_other.id', 'in', [...ids])
            .execute(),
        ),
      )
    ).map(toPress);
  const videosByIds = async (ids: readonly number[]) =>
    (
      await inLanguage(
        mediaVideo,
        inOrderOf(
          ids,
          await db
            .selectFrom('media_video')
            .selectAll()
            .where('id', 'in', [...ids])
            .execute(),
        ),
      )
    ).map(toVideo);

  const others = (page: number) => pageOfKeys(page, PAGE_SIZES.mediaOther, pressIds(), pressByIds);
  const videos = (page: number) => pageOfKeys(page, PAGE_SIZES.mediaVideo, videoIds(), videosByIds);
  const ours = (page: number) => readList(reads, 'media-our', { page });

  // Without statistics SQLite would rather range over `public_at` and sort every visible article; a range on the
  // order's first column (always true: a read count is never negative) makes it walk the index in order instead.
  const manyReads = async () =>
    (
      await inLanguage(
        mediaOur,
        await sortedBy(db.selectFrom('media_our').select(articleSummaryColumns).where(shown(mediaOur)).where('views', '>=', 0), MANY_READS_ORDER)
          .limit(PAGE_SIZES.manyReads)
          .execute(),
      )
    ).map(toArticleSummary);

  type FeedKey = { type: MediaFeedItem['type']; id: number };
  /** Own articles, press items and videos in one feed, newest first: their keys, kept per generation. */
  const feedKeys = () =>
    keep(kept('media:feed'), async () => {
      const keys = await db
        .selectFrom((eb) =>
          eb
            .selectFrom('media_our')
            .select(['id', 'public_at', sql<FeedKey['type']>`'our'`.as('type')])
            .where(shown(mediaOur))
            .unionAll(
              db
                .selectFrom('media_other')
                .select(['id', 'public_at', sql<FeedKey['type']>`'other'`.as('type')])
                .where(shown(mediaOther)),
            )
            .unionAll(
              db
                .selectFrom('media_video')
                .select(['id', 'public_at', sql<FeedKey['type']>`'video'`.as('type')])
                .where(shown(mediaVideo)),
            )
            .as('feed'),
        )
        // Only the keys travel: the dates just order them.
        .select(['id', 'type'])
        .orderBy('public_at', 'desc')
        .orderBy('id', 'desc')
        .orderBy('type')
        .execute();
      return keys.map((key): FeedKey => ({ type: key.type, id: key.id }));
    });

  const loadFeedItem = async ({ type, id }: FeedKey): Promise<MediaFeedItem> => {
    if (type === 'our') {
      const row = await db.selectFrom('media_our').select(articleSummaryColumns).where('id', '=', id).executeTakeFirstOrThrow();
      return { type: 'our', ...toArticleSummary(await oneInLanguage(mediaOur, row)) };
    }
    if (type === 'other')
      return { type: 'other', ...toPress(await oneInLanguage(mediaOther, await pressQuery().where('media_other.id', '=', id).executeTakeFirstOrThrow())) };
    const video = await db.selectFrom('media_video').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return { type: 'video', ...toVideo(await oneInLanguage(mediaVideo, video)) };
  };

  const mainItems = (page: number) => pageOfKeys(page, PAGE_SIZES.mediaMain, feedKeys(), (keys) => Promise.all(keys.map(loadFeedItem)));

  return {
    ours,
    others,
    videos,
    mainItems,
    manyReads,
    async overview({ ourPage, otherPage, videoPage }) {
      const [oursPage, othersPage, videosPage, reads] = await Promise.all([ours(ourPage), others(otherPage), videos(videoPage), manyReads()]);
      return { ours: oursPage, others: othersPage, videos: videosPage, reads };
    },
    async generals() {
      const [our, other, video] = await Promise.all([ours(1), others(1), videos(1)]);
      return { our: our.items[0] ?? null, other: other.items[0] ?? null, video: video.items[0] ?? null };
    },
    async sources() {
      const rows = await db.selectFrom('media_sources').selectAll().where('active', '=', 1).orderBy('name').orderBy('id').execute();
      return rows.map(toMediaSource);
    },
  };
}

import { sql, type Kysely } from 'kysely';
import { readList, type ContentServices, type PublicReads } from '../../lib/content.js';
import { mediaOther, mediaVideo } from '../../lib/resources/media.js';
import { mediaOur } from '../../lib/resources/articles.js';
import { PAGE_SIZES } from '../../lib/paging.js';
import type { MediaFeedItem, MediaSource, PressArticle, Video } from '../../lib/types.js';
import type { Database, MediaSourceRow, MediaVideoRow } from '../db/schema.js';
import { articleSummaryColumns, toArticleSummary, toPublicImage } from './mappers.js';
import { pageOf, toCount } from './paging.js';
import { visibleNow } from './visibility.js';

/** The media tables with the declarations their visibility follows. */
const DECLARED = { media_our: mediaOur, media_other: mediaOther, media_video: mediaVideo } as const;

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

export function createMediaService(db: Kysely<Database>, reads: PublicReads): ContentServices['media'] {
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
      ])
      .where(visibleNow(mediaOther));

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

  const countVisible = async (table: 'media_our' | 'media_other' | 'media_video') =>
    toCount(
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('count'))
        .where(visibleNow(DECLARED[table]))
        .executeTakeFirst(),
    );

  const others = (page: number) =>
    pageOf(
      page,
      PAGE_SIZES.mediaOther,
      () => countVisible('media_other'),
      async (limit, offset) =>
        (await pressQuery().orderBy('media_other.public_at', 'desc').orderBy('media_other.id', 'desc').limit(limit).offset(offset).execute()).map(toPress),
    );

  /** Fixed videos first in their fixed order, then the others newest first. */
  const videoQuery = () =>
    db
      .selectFrom('media_video')
      .selectAll()
      .where(visibleNow(mediaVideo))
      .orderBy('fixed', 'desc')
      .orderBy('fixed_order', 'asc')
      .orderBy('public_at', 'desc')
      .orderBy('id', 'desc');

  const videos = (page: number) =>
    pageOf(
      page,
      PAGE_SIZES.mediaVideo,
      () => countVisible('media_video'),
      async (limit, offset) => (await videoQuery().limit(limit).offset(offset).execute()).map(toVideo),
    );

  const ours = (page: number) => readList(reads, 'media-our', { page });

  const manyReads = async () =>
    (
      await db
        .selectFrom('media_our')
        .select(articleSummaryColumns)
        .where(visibleNow(mediaOur))
        .orderBy('views', 'desc')
        .orderBy('public_at', 'desc')
        .orderBy('id', 'desc')
        .limit(PAGE_SIZES.manyReads)
        .execute()
    ).map(toArticleSummary);

  /** Own articles, press items and videos in one feed, newest first. */
  const mainItems = (page: number) =>
    pageOf(
      page,
      PAGE_SIZES.mediaMain,
      async () =>
        (await Promise.all([countVisible('media_our'), countVisible('media_other'), countVisible('media_video')])).reduce((sum, count) => sum + count, 0),
      async (limit, offset) => {
        const keys = await db
          .selectFrom('media_our')
          .select(['id', 'public_at', sql<string>`'our'`.as('type')])
          .where(visibleNow(mediaOur))
          .unionAll(
            db
              .selectFrom('media_other')
              .select(['id', 'public_at', sql<string>`'other'`.as('type')])
              .where(visibleNow(mediaOther)),
          )
          .unionAll(
            db
              .selectFrom('media_video')
              .select(['id', 'public_at', sql<string>`'video'`.as('type')])
              .where(visibleNow(mediaVideo)),
          )
          .orderBy('public_at', 'desc')
          .orderBy('id', 'desc')
          .orderBy('type')
          .limit(limit)
          .offset(offset)
          .execute();
        return Promise.all(keys.map((key) => loadFeedItem(key.type, key.id)));
      },
    );

  const loadFeedItem = async (type: string, id: number): Promise<MediaFeedItem> => {
    if (type === 'our') {
      const row = await db.selectFrom('media_our').select(articleSummaryColumns).where('id', '=', id).executeTakeFirstOrThrow();
      return { type: 'our', ...toArticleSummary(row) };
    }
    if (type === 'other') {
      return { type: 'other', ...toPress(await pressQuery().where('media_other.id', '=', id).executeTakeFirstOrThrow()) };
    }
    return { type: 'video', ...toVideo(await db.selectFrom('media_video').selectAll().where('id', '=', id).executeTakeFirstOrThrow()) };
  };

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
      const [our, other, video] = await Promise.all([
        ours(1).then((page) => page.items[0]),
        pressQuery().orderBy('media_other.public_at', 'desc').orderBy('media_other.id', 'desc').executeTakeFirst(),
        videoQuery().executeTakeFirst(),
      ]);
      return {
        our: our ?? null,
        other: other ? toPress(other) : null,
        video: video ? toVideo(video) : null,
      };
    },
    async sources() {
      const rows = await db.selectFrom('media_sources').selectAll().where('active', '=', 1).orderBy('name').orderBy('id').execute();
      return rows.map(toMediaSource);
    },
  };
}

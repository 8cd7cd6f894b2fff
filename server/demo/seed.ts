import type { Insertable, Kysely, Transaction } from 'kysely';
import { slugFromTitle } from '../../lib/slug.js';
import type { Database, MediaSourcesTable, MediaVideoTable, NewArticle } from '../db/schema.js';
import { storedImageFiles, writeImage } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import {
  COLOURS,
  demoHtml,
  FIXED_NEWS,
  LOGO_GROUPS,
  MENUS,
  MORE_NEWS,
  NETWORKS,
  OWN_MEDIA,
  PHOTO_GROUPS,
  PRESS,
  SCHEDULED_NEWS,
  SOURCES,
  TEXT_PAGES,
  VIDEOS,
  type DemoArticle,
} from './content.js';
import { insertDeclaredDemo, storedDemoHtml } from './declared.js';
import { illustrationSvg, logoSvg, rasterise } from './images.js';
import { DemoPictures } from './pictures.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO_IMAGE_WIDTH = 960;
const DEMO_IMAGE_HEIGHT = 540;

/** Whether the database holds no content yet (users do not count: an admin may exist before any content). */
async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const [news, pages] = await Promise.all([
    db.selectFrom('news').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('text_pages').select('id').limit(1).executeTakeFirst(),
  ]);
  return !news && !pages;
}

/**
 * Fills an empty database with the demo content of ./content.ts. Images are stored first (copied from the kept demo
 * pictures, see ./pictures.ts); the rows go in one transaction, and if it fails the images are removed again, so a
 * failed seed leaves nothing behind. Answers the readable names the files get in the media library, by key (none when
 * the database held content already).
 */
export async function seedDemoContent(db: Kysely<Database>, files: FileStore, pictures = new DemoPictures()): Promise<ReadonlyMap<string, string>> {
  // The library's names of the files, by key: what each shows, so that the demo library reads like a real one.
  const names = new Map<string, string>();
  if (!(await isEmpty(db))) return names;
  const written: string[] = [];
  let seed = 0;
  const named = <T extends { key: string } | { src: string }>(stored: T, title: string): T => {
    const key = 'key' in stored ? stored.key : stored.src;
    names.set(key, `${title}.${key.slice(key.lastIndexOf('.') + 1)}`);
    return stored;
  };
  const storePicture = async (folder: string, title: string, svg: string, format: 'jpeg' | 'png') => {
    const stored = await writeImage(files, folder, await pictures.image(svg, format));
    written.push(...storedImageFiles(stored));
    return named(stored, title);
  };
  const storeIllustration = (folder: string, title: string, width = DEMO_IMAGE_WIDTH, height = DEMO_IMAGE_HEIGHT) =>
    storePicture(folder, title, illustrationSvg(++seed, width, height), 'jpeg');
  const image = async (folder: string, title: string) => JSON.stringify(await storeIllustration(folder, title));
  const file = async (folder: string, extension: string, data: Buffer) => {
    const key = files.newKey(folder, extension);
    await files.write(key, data);
    written.push(key);
    return { key, size: data.length };
  };

  try {
    const startedAt = Date.now();
    const at = (daysAgo: number) => new Date(startedAt - daysAgo * DAY_MS).toISOString();
    const now = at(0);

    const articleRow = async (folder: string, article: DemoArticle) => ({
      title: article.title,
      slug: article.slug ?? slugFromTitle(article.title),
      lead: article.lead,
      // Rich HTML is stored sanitised by whoever writes it: reads serve it as stored.
      content: await storedDemoHtml(demoHtml(article.title)),
      image: await image(folder, article.title),
      image_alt: article.title,
      public_at: at(article.daysAgo),
      published: 1 as const,
      seo_title: '',
      seo_description: article.lead,
      created_at: now,
      updated_at: now,
    });
    const news: NewArticle[] = [];
    for (const article of [...FIXED_NEWS, ...MORE_NEWS, SCHEDULED_NEWS]) news.push(await articleRow('news', article));
    // A draft: in the admin only, whatever its date.
    news.push({ ...(await articleRow('news', { title: 'Черновик: итоги конференции', lead: 'Черновик новости.', daysAgo: 1 })), published: 0 as const });
    const ownMedia: NewArticle[] = [];
    for (const article of OWN_MEDIA) ownMedia.push(await articleRow('media-our', article));

    const sources: Insertable<MediaSourcesTable>[] = [];
    for (const source of SOURCES) {
      const logo = await storePicture('media-sources', `Логотип ${source.name}`, logoSvg(source.colour), 'png');
      sources.push({ name: source.name, url: source.url, logo: JSON.stringify(logo), active: source.active, created_at: now, updated_at: now });
    }

    const videos: Insertable<MediaVideoTable>[] = [];
    let fixedOrder = 0;
    for (const video of VIDEOS) {
      videos.push({
        title: video.title,
        lead: `${video.title}: смотрите видео.`,
        video_url: `https://www.youtube-nocookie.com/embed/${video.youtubeId}`,
        preview: await image('media-video', video.title),
        public_at: at(video.daysAgo),
        published: 1 as const,
        fixed: video.fixed ? (1 as const) : (0 as const),
        fixed_order: video.fixed ? ++fixedOrder : null,
        created_at: now,
        updated_at: now,
      });
    }

    const logoFiles = new Map<string, { svg: { key: string; size: number }; png: { key: string; size: number } }>();
    for (const group of LOGO_GROUPS) {
      for (const category of group.categories) {
        for (const logo of category.logos) {
          const background = logo.colour === '#ffffff' ? '#0b5cad' : 'none';
          const svg = logoSvg(logo.colour, background);
          logoFiles.set(logo.title, {
            svg: named(await file('photobank/logos', 'svg', Buffer.from(svg)), logo.title),
            png: named(await file('photobank/logos', 'png', await rasterise(svg, 'png')), logo.title),
          });
        }
      }
    }
    const photos = new Map<string, { image: string; size: number }>();
    for (const group of PHOTO_GROUPS) {
      for (const category of group.categories) {
        for (const title of category.photos) {
          // Photobank photos are for download, so they are kept at full HD.
          const stored = await storeIllustration('photobank/photos', title, 1920, 1080);
          photos.set(title, { image: JSON.stringify(stored), size: (await files.size(stored.src)) ?? 0 });
        }
      }
    }

    await db.transaction().execute(async (trx) => {
      await trx.insertInto('news').values(news).execute();
      await trx.insertInto('media_our').values(ownMedia).execute();
      const sourceIds = (await trx.insertInto('media_sources').values(sources).returning('id').execute()).map((row) => row.id);
      await trx
        .insertInto('media_other')
        .values(
          PRESS.map((press) => ({
            title: press.title,
            lead: `${press.title}. Читайте на сайте издания.`,
            url: `${SOURCES[press.sourceIndex]?.url ?? 'https://example.org'}/`,
            source_id: sourceIds[press.sourceIndex] ?? null,
            public_at: at(press.daysAgo),
            published: 1 as const,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx.insertInto('media_video').values(videos).execute();
      await trx
        .insertInto('text_pages')
        .values(
          await Promise.all(
            TEXT_PAGES.map(async (page) => ({
              ...page,
              form: page.form ?? null,
              content: await storedDemoHtml(page.content ?? demoHtml(page.title)),
              seo_title: '',
              seo_description: `${page.title}: сведения для посетителей сайта.`,
              created_at: now,
              updated_at: now,
            })),
          ),
        )
        .execute();
      await insertMenus(trx);
      await insertDeclaredDemo(trx, MENUS.footer.length, file);
      await trx
        .insertInto('network_collections')
        .values(NETWORKS.map((network, position) => ({ ...network, position })))
        .execute();
      await insertPhotobank(trx, logoFiles, photos);
    });
    return names;
  } catch (error) {
    await files.remove(written);
    throw error;
  }
}

async function insertMenus(trx: Transaction<Database>): Promise<void> {
  for (const [kind, items] of Object.entries(MENUS) as [keyof typeof MENUS, (typeof MENUS)['main']][]) {
    for (const [position, item] of items.entries()) {
      const parent = await trx
        .insertInto('menu_items')
        .values({ kind, title: item.title, url: item.url, position, parent_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [childPosition, child] of (item.children ?? []).entries()) {
        await trx.insertInto('menu_items').values({ kind, title: child.title, url: child.url, position: childPosition, parent_id: parent.id }).execute();
      }
    }
  }
}

/** Inserts groups of one kind and their categories in order; `fill` adds each category's items. */
async function insertGroups<C extends { title: string }>(
  trx: Transaction<Database>,
  kind: 'logo' | 'photo',
  groups: { title: string; categories: C[] }[],
  fill: (categoryId: number, category: C, categoryPosition: number) => Promise<void>,
): Promise<void> {
  for (const [groupPosition, group] of groups.entries()) {
    const { id: groupId } = await trx
      .insertInto('photobank_groups')
      .values({ kind, title: group.title, position: groupPosition })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [categoryPosition, category] of group.categories.entries()) {
      const { id: categoryId } = await trx
        .insertInto('photobank_categories')
        .values({ group_id: groupId, title: category.title, position: categoryPosition })
        .returning('id')
        .executeTakeFirstOrThrow();
      await fill(categoryId, category, categoryPosition);
    }
  }
}

async function insertPhotobank(
  trx: Transaction<Database>,
  logoFiles: Map<string, { svg: { key: string; size: number }; png: { key: string; size: number } }>,
  photos: Map<string, { image: string; size: number }>,
): Promise<void> {
  const colourless = { hex: '', rgb: '', cmyk: '', pantone: '' };
  await insertGroups(trx, 'logo', LOGO_GROUPS, async (categoryId, category, categoryPosition) => {
    for (const [position, logo] of category.logos.entries()) {
      const stored = logoFiles.get(logo.title);
      if (!stored) continue;
      const { id: itemId } = await trx
        .insertInto('photobank_logo_items')
        .values({ category_id: categoryId, type: 'logo', title: logo.title, position, preview: stored.png.key, ...colourless })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('photobank_logo_files')
        .values([
          { item_id: itemId, format: 'svg', file: stored.svg.key, size: stored.svg.size, position: 0 },
          { item_id: itemId, format: 'png', file: stored.png.key, size: stored.png.size, position: 1 },
        ])
        .execute();
    }
    // The brand colours sit with the main logo.
    if (categoryPosition === 0) {
      await trx
        .insertInto('photobank_logo_items')
        .values(
          COLOURS.map((colour, index) => ({
            category_id: categoryId,
            type: 'colour' as const,
            preview: null,
            position: category.logos.length + index,
            ...colour,
          })),
        )
        .execute();
    }
  });
  await insertGroups(trx, 'photo', PHOTO_GROUPS, async (categoryId, category) => {
    await trx
      .insertInto('photobank_photos')
      .values(
        category.photos.map((title, position) => ({
          category_id: categoryId,
          title,
          image: photos.get(title)?.image ?? null,
          image_alt: title,
          size: photos.get(title)?.size ?? 0,
          position,
        })),
      )
      .execute();
  });
}

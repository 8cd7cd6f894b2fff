import { sql, type Kysely } from 'kysely';
import { INVESTOR_DOCUMENT_CATEGORIES } from '../lib/resources/investor-documents.js';
import { slugFromTitle } from '../lib/slug.js';
import type { Database } from '../server/db/schema.js';
import { declared } from '../server/db/declared.js';
import { isPostgres } from '../server/db/dialect.js';
import { reindexAll } from '../server/search/indexer.js';
import { corpusWords } from './corpus.js';

/** How much a corporate site holds after ten years of work. */
export const LARGE_SITE = {
  news: 100_000,
  pressItems: 100_000,
  pressSources: 500,
  ownArticles: 20_000,
  videos: 5_000,
  investorDocuments: 5_000,
  photos: 10_000,
  photoCategories: 300,
  logos: 500,
  menuItems: 1_000,
  revisions: 200_000,
  /** Of all the revisions, those of one news item (the first one generated). */
  revisionsOfOneItem: 1_000,
  trashEntries: 10_000,
  auditEntries: 100_000,
  /** The staff whose e-mails sign the audit entries. */
  editors: 25,
} as const;

const YEARS = 10;
const DAY_MS = 86_400_000;
/** Rows per INSERT: within SQLite's and PostgreSQL's limits of bound parameters for the widest table here. */
const BATCH = 500;
const MENU_KINDS = ['main', 'header', 'footer', 'payment'] as const;

/** What the generator reused from the demo content and what it made, for the benchmark's report. */
export interface LargeSiteSummary {
  rows: number;
  indexed: number;
  /** The news item with `LARGE_SITE.revisionsOfOneItem` versions. */
  revisedNewsId: number;
  seconds: { insert: number; index: number };
}

type Row = Record<string, unknown>;

/** Stored files of the demo content that the generated rows name too: a large site shares a few files, not thousands. */
interface DemoFiles {
  articleImage: string | null;
  videoPreview: string | null;
  sourceLogo: string | null;
  document: string | null;
  photo: { image: string | null; size: number };
  logo: { preview: string | null; files: { format: string; file: string; size: number }[] };
  photoGroupId: number;
  logoCategoryId: number;
}

async function demoFiles(db: Kysely<Database>): Promise<DemoFiles> {
  const first = async (table: string, column: string): Promise<string | null> => {
    const row = await declared(db).selectFrom(table).select(column).where(column, 'is not', null).orderBy('id').limit(1).executeTakeFirst();
    return row ? (row[column] as string) : null;
  };
  const photo = await db.selectFrom('photobank_photos').select(['image', 'size']).orderBy('id').limit(1).executeTakeFirst();
  const logo = await db
    .selectFrom('photobank_logo_items')
    .select(['id', 'category_id', 'preview'])
    .where('type', '=', 'logo')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const logoFiles = logo
    ? await db.selectFrom('photobank_logo_files').select(['format', 'file', 'size']).where('item_id', '=', logo.id).orderBy('position').execute()
    : [];
  const photoGroup = await db.selectFrom('photobank_groups').select('id').where('kind', '=', 'photo').orderBy('position').limit(1).executeTakeFirst();
  if (!photoGroup || !logo) throw new Error('the large site is generated on top of the demo content (SEED_DEMO=1)');
  return {
    articleImage: await first('news', 'image'),
    videoPreview: await first('media_video', 'preview'),
    sourceLogo: await first('media_sources', 'logo'),
    document: await first('investor_documents', 'file'),
    photo: { image: photo?.image ?? null, size: photo?.size ?? 0 },
    logo: { preview: logo.preview, files: logoFiles },
    photoGroupId: photoGroup.id,
    logoCategoryId: logo.category_id,
  };
}

/** Inserts `count` rows made by `rowAt` in batches; answers the ids given to them, in order. */
async function insertRows(db: Kysely<Database>, table: string, count: number, rowAt: (index: number) => Row): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) => rowAt(start + offset));
    const inserted = await declared(db).insertInto(table).values(rows).returning('id').execute();
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

/** A sentence of generated Russian words, capitalised, without a full stop (titles) or with one. */
function textMaker(seed: number): { title: (words: number) => string; sentence: (words: number) => string; paragraphs: (count: number) => string } {
  const words = corpusWords(seed);
  const title = (count: number) => {
    const text = words(count);
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  const sentence = (count: number) => `${title(count)}.`;
  const paragraphs = (count: number) => Array.from({ length: count }, () => `<p>${sentence(12)} ${sentence(14)} ${sentence(10)}</p>`).join('');
  return { title, sentence, paragraphs };
}

/**
 * Ten years of a corporate site (`LARGE_SITE`) added to a database that holds the demo content: items dated evenly
 * over ten years up to now (about 2 % drafts), a few stored files shared by all of them, then the search index
 * rebuilt as `npm run search:reindex` does. Works on both dialects; each table is filled in one transaction.
 */
export async function fillLargeSite(db: Kysely<Database>): Promise<LargeSiteSummary> {
  const files = await demoFiles(db);
  const text = textMaker(2026);
  const now = Date.now();
  const span = YEARS * 365 * DAY_MS;
  /** The moment of the `index`-th of `count` items, oldest first. */
  const dateOf = (index: number, count: number) => new Date(now - span + Math.floor((index * span) / count)).toISOString();
  let rows = 0;
  const started = performance.now();
  const inTransaction = async (fill: (trx: Kysely<Database>) => Promise<number[]>): Promise<number[]> => {
    const ids = await db.transaction().execute(fill);
    rows += ids.length;
    return ids;
  };

  const article = (prefix: string, count: number) => (index: number) => {
    const title = text.title(6 + (index % 5));
    const at = dateOf(index, count);
    return {
      title,
      slug: `${slugFromTitle(title)}-${prefix}${index + 1}`,
      lead: text.sentence(18),
      content: text.paragraphs(3),
      image: index % 3 === 0 ? files.articleImage : null,
      image_alt: '',
      public_at: at,
      published: index % 50 === 7 ? 0 : 1,
      seo_title: '',
      seo_description: '',
      created_at: at,
      updated_at: at,
    };
  };
  const newsIds = await inTransaction((trx) => insertRows(trx, 'news', LARGE_SITE.news, article('n', LARGE_SITE.news)));
  const ownIds = await inTransaction((trx) => insertRows(trx, 'media_our', LARGE_SITE.ownArticles, article('m', LARGE_SITE.ownArticles)));

  const sourceIds = await inTransaction((trx) =>
    insertRows(trx, 'media_sources', LARGE_SITE.pressSources, (index) => {
      const name = `${text.title(2)} ${index + 1}`;
      return {
        name,
        url: `https://smi-${index + 1}.example.ru`,
        logo: files.sourceLogo,
        active: index % 40 === 0 ? 0 : 1,
        created_at: dateOf(0, 1),
        updated_at: dateOf(0, 1),
      };
    }),
  );
  await inTransaction((trx) =>
    insertRows(trx, 'media_other', LARGE_SITE.pressItems, (index) => {
      const at = dateOf(index, LARGE_SITE.pressItems);
      return {
        title: text.title(7),
        lead: text.sentence(20),
        url: `https://smi-${(index % LARGE_SITE.pressSources) + 1}.example.ru/novosti/${index + 1}`,
        source_id: sourceIds[index % sourceIds.length] ?? null,
        public_at: at,
        published: index % 50 === 7 ? 0 : 1,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  await inTransaction((trx) =>
    insertRows(trx, 'media_video', LARGE_SITE.videos, (index) => {
      const at = dateOf(index, LARGE_SITE.videos);
      return {
        title: text.title(5),
        lead: text.sentence(12),
        video_url: `https://www.youtube-nocookie.com/embed/video${String(index).padStart(6, '0')}`,
        preview: files.videoPreview,
        public_at: at,
        published: 1,
        fixed: 0,
        fixed_order: null,
        created_at: at,
        updated_at: at,
      };
    }),
  );
  await inTransaction((trx) =>
    insertRows(trx, 'investor_documents', LARGE_SITE.investorDocuments, (index) => {
      const at = dateOf(index, LARGE_SITE.investorDocuments);
      return {
        title: text.title(6),
        category: INVESTOR_DOCUMENT_CATEGORIES[index % INVESTOR_DOCUMENT_CATEGORIES.length]?.id,
        year: new Date(at).getUTCFullYear(),
        file: files.document,
        public_at: at,
        published: 1,
        created_at: at,
        updated_at: at,
      };
    }),
  );

  const categoryIds = await inTransaction((trx) =>
    insertRows(trx, 'photobank_categories', LARGE_SITE.photoCategories, (index) => ({
      group_id: files.photoGroupId,
      title: text.title(2),
      position: 100 + index,
    })),
  );
  await inTransaction((trx) =>
    insertRows(trx, 'photobank_photos', LARGE_SITE.photos, (index) => {
      const title = text.title(4);
      return {
        category_id: categoryIds[index % categoryIds.length],
        title,
        image: files.photo.image,
        image_alt: title,
        size: files.photo.size,
        position: Math.floor(index / categoryIds.length),
      };
    }),
  );
  const colourless = { hex: '', rgb: '', cmyk: '', pantone: '' };
  const logoIds = await inTransaction((trx) =>
    insertRows(trx, 'photobank_logo_items', LARGE_SITE.logos, (index) => ({
      category_id: files.logoCategoryId,
      type: 'logo',
      title: `${text.title(2)} ${index + 1}`,
      position: 100 + index,
      preview: files.logo.preview,
      ...colourless,
    })),
  );
  await inTransaction(async (trx) => {
    const logoFiles = logoIds.flatMap((itemId) => files.logo.files.map((file, position) => ({ item_id: itemId, ...file, position })));
    return insertRows(trx, 'photobank_logo_files', logoFiles.length, (index) => logoFiles[index] ?? {});
  });

  // A quarter of the menu items per menu: 50 top items, each with 4 children in the main menu's way.
  await inTransaction(async (trx) => {
    const ids: number[] = [];
    const perKind = LARGE_SITE.menuItems / MENU_KINDS.length;
    const topItems = perKind / 5;
    for (const kind of MENU_KINDS) {
      const parents = await insertRows(trx, 'menu_items', topItems, (index) => ({
        parent_id: null,
        kind,
        title: text.title(2),
        url: `/razdel-${index + 1}`,
        position: 100 + index,
      }));
      const children = await insertRows(trx, 'menu_items', perKind - topItems, (index) => ({
        parent_id: parents[index % parents.length],
        kind,
        title: text.title(3),
        url: `/razdel-${(index % parents.length) + 1}/${index + 1}`,
        position: index,
      }));
      ids.push(...parents, ...children);
    }
    return ids;
  });

  // Earlier versions are read one at a time, never searched: a thousand texts cycled are as good as 200,000.
  const earlierVersions = Array.from({ length: 1_000 }, () => JSON.stringify({ title: text.title(6), lead: text.sentence(18), content: text.paragraphs(3) }));
  const revisedNewsId = newsIds[0] ?? 0;
  const revisedIds = [...newsIds.slice(1), ...ownIds];
  await inTransaction((trx) =>
    insertRows(trx, 'revisions', LARGE_SITE.revisions, (index) => {
      const ofOneItem = index < LARGE_SITE.revisionsOfOneItem;
      const recordIndex = ofOneItem ? 0 : index % revisedIds.length;
      const isOwnArticle = !ofOneItem && recordIndex >= newsIds.length - 1;
      return {
        resource: isOwnArticle ? 'media-our' : 'news',
        record_id: ofOneItem ? revisedNewsId : revisedIds[recordIndex],
        field_values: earlierVersions[index % earlierVersions.length],
        changed: JSON.stringify(['title', 'content']),
        user_id: null,
        user_email: 'redaktor@example.com',
        created_at: dateOf(index, LARGE_SITE.revisions),
      };
    }),
  );
  const firstRemovedId = 10_000_000;
  await inTransaction((trx) =>
    insertRows(trx, 'trash', LARGE_SITE.trashEntries, (index) => {
      const row = article('t', LARGE_SITE.trashEntries)(index);
      return {
        resource: 'news',
        record_id: firstRemovedId + index,
        title: row.title,
        row: JSON.stringify({ id: firstRemovedId + index, ...row }),
        files: '[]',
        removed_by_id: null,
        removed_by_email: 'redaktor@example.com',
        // Within the trash's retention, so that the hourly purge keeps them.
        removed_at: new Date(now - (index % 600) * 3_600_000).toISOString(),
      };
    }),
  );
  // Ten years of staff work: most entries by a few editors, a few failed logins under guessed e-mails.
  const actions = ['update', 'update', 'update', 'update', 'add', 'add', 'remove', 'login', 'logout', 'move-up'] as const;
  const resources = ['news', 'news', 'news', 'media-other', 'media-other', 'media-our', 'photobank-photos', 'investor-documents'] as const;
  await inTransaction((trx) =>
    insertRows(trx, 'audit_log', LARGE_SITE.auditEntries, (index) => {
      const action = index % 97 === 0 ? 'login-failed' : (actions[index % actions.length] ?? 'update');
      const signedIn = action !== 'login-failed';
      const session = action.startsWith('log');
      const editor = (index * 7919) % LARGE_SITE.editors;
      return {
        user_id: null,
        user_email: signedIn ? `redaktor${editor}@example.com` : `guess${index % 300}@example.net`,
        action,
        resource: session ? 'session' : (resources[index % resources.length] ?? 'news'),
        record_id: session ? null : String(1 + ((index * 104_729) % LARGE_SITE.news)),
        ip: `10.0.${index % 250}.${index % 199}`,
        created_at: dateOf(index, LARGE_SITE.auditEntries),
      };
    }),
  );
  const inserted = performance.now();
  const indexed = await reindexAll(db);
  // On a site that grew over years PostgreSQL's autovacuum has long gathered the planner's statistics and marked the
  // tables' pages all-visible (which lets a list read its ids from an index alone), and its checkpoints have long
  // written the pages out; the benchmark starts its servers right after the load, so it does all three itself rather
  // than measure the load's aftermath. SQLite keeps no statistics unless asked, and the site does not ask.
  if (isPostgres(db)) {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  }
  return { rows, indexed, revisedNewsId, seconds: { insert: (inserted - started) / 1000, index: (performance.now() - inserted) / 1000 } };
}

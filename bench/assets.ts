import { sql } from 'kysely';
import { claimFiles, keepAssetWords } from '../server/assets/library.js';
import { assetIsPublic, fileIsPublic } from '../server/assets/visibility.js';
import { signAccessToken } from '../server/auth/tokens.js';
import type { DialectName } from '../server/db/connect.js';
import type { Db } from '../server/db/schema.js';
import { createPostgresDatabase } from '../tests/helpers/databases.js';
import { articleValues } from '../tests/helpers/fixtures.js';
import { benchApp, measure } from './harness.js';

const ASSETS = 100_000;
const FOLDERS = 1_000;
const REQUESTS = 200;

/** A picture as the library keeps it: the stored image's JSON with its variants (no file behind it: lists never read files). */
const pictureFile = (index: number) =>
  JSON.stringify({
    src: `assets/${index.toString(16).padStart(24, '0')}.jpg`,
    width: 1440,
    height: 960,
    variants: [480, 960, 1440].flatMap((width) =>
      ['webp', 'avif'].map((format) => ({ src: `assets/${index.toString(16).padStart(24, '0')}-${width}.${format}`, width, format })),
    ),
  });

/**
 * The media library's admin list at 100,000 assets in 1,000 folders (50 top folders of 19 children each, and one
 * more level under some), on SQLite or PostgreSQL: a quarter of the assets used once by a record. Prints req/s and p50/p95 of the
 * admin list reads the library screen makes (through `inject`, so routing, auth, the list query and the answer's
 * shape are all in the number; no HTTP).
 */
export async function benchAssets(dialect: DialectName = 'sqlite'): Promise<void> {
  const postgres = dialect === 'postgres' ? await createPostgresDatabase() : null;
  const { app, close } = await benchApp({ seedDemo: false, env: postgres ? { DATABASE_URL: postgres.url } : {} });
  try {
    const started = performance.now();
    const now = Date.now();
    const folderIds: number[] = [];
    await app.db.transaction().execute(async (trx) => {
      for (let top = 0; top < 50; top++) {
        const parent = await trx
          .insertInto('asset_folders')
          .values({ name: `Раздел ${top}`, parent_id: null, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        folderIds.push(parent.id);
        for (let child = 0; child < 19; child++) {
          const row = await trx
            .insertInto('asset_folders')
            .values({ name: `Папка ${top}.${child}`, parent_id: parent.id, created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow();
          folderIds.push(row.id);
        }
      }
      for (let offset = 0; offset < ASSETS; offset += 500) {
        const rows = Array.from({ length: 500 }, (_, at) => {
          const index = offset + at;
          const moment = new Date(now - index * 60_000).toISOString();
          const document = index % 10 === 0;
          return {
            folder_id: index % 20 === 0 ? null : (folderIds[index % folderIds.length] ?? null),
            kind: document ? ('document' as const) : ('image' as const),
            format: document ? 'pdf' : 'jpeg',
            name: document ? `Отчёт ${index}.pdf` : `IMG_${index}.jpg`,
            alt: document ? '' : `Фото цеха ${index}`,
            size: 100_000 + (index % 5000) * 100,
            width: document ? null : 1440,
            height: document ? null : 960,
            sha256: index.toString(16).padStart(64, '0'),
            file: document ? `assets/${index.toString(16).padStart(24, '0')}.pdf` : pictureFile(index),
            created_by: null,
            created_at: moment,
            updated_at: moment,
          };
        });
        const inserted = await trx.insertInto('assets').values(rows).returning(['id', 'name', 'alt']).execute();
        // The words the search box finds them by, as an upload keeps them.
        await keepAssetWords(trx, inserted);
        const used = inserted.filter((_, at) => at % 4 === 0).map((row) => ({ asset_id: row.id, resource: 'news', record_id: row.id, field: 'image' }));
        if (used.length) await trx.insertInto('asset_uses').values(used).execute();
      }
    });
    // As autovacuum leaves a loaded database: its statistics read, its pages all-visible (as the large site's load).
    if (postgres) await sql`vacuum analyze`.execute(app.db);
    console.log(
      `\nMedia library list: ${ASSETS.toLocaleString('en')} assets in ${FOLDERS.toLocaleString('en')} folders on ${dialect} (inserted in ${((performance.now() - started) / 1000).toFixed(1)} s), ${REQUESTS} reads each, 50 rows a page`,
    );
    const manager = await app.db.selectFrom('users').selectAll().where('role', '=', 'MANAGER').executeTakeFirstOrThrow();
    const headers = { authorization: `Bearer ${await signAccessToken(app.config.jwtSecret, manager)}` };
    const list = (query: Record<string, unknown>, range = [0, 49]) =>
      app.inject({
        url: `/api/admin/assets?sort=${encodeURIComponent(JSON.stringify(query.sort ?? ['created_at', 'DESC']))}&range=${encodeURIComponent(JSON.stringify(range))}&filter=${encodeURIComponent(JSON.stringify(query.filter ?? {}))}`,
        headers,
      });
    // A folder below a top one (those hold assets), a different one for each read.
    const folder = (index: number) => folderIds[(index % 50) * 20 + 1 + (index % 19)];
    const rows: [string, (index: number) => Promise<unknown>][] = [
      ['all, newest first', () => list({})],
      ['all, page 1000 (rows 49,950–49,999)', () => list({}, [49_950, 49_999])],
      ['one folder, newest first', (i) => list({ filter: { folder_id: folder(i) } })],
      ['the root, by name', () => list({ sort: ['name', 'ASC'], filter: { folder_id: null } })],
      ['one folder, by size', (i) => list({ sort: ['size', 'DESC'], filter: { folder_id: folder(i) } })],
      ['documents only', () => list({ filter: { kind: 'document' } })],
      ['a month of uploads', () => list({ filter: { created_from: new Date(now - 30 * 86_400_000).toISOString().slice(0, 10) } })],
      ['search «цеха 12» (name, alt, folder name)', () => list({ filter: { q: 'цеха 12' } })],
      ['search «Папка 7.3» (a folder name)', () => list({ filter: { q: 'Папка 7.3' } })],
      [
        'folders of one parent (asset-folders)',
        (i) => app.inject({ url: `/api/admin/asset-folders?filter=${encodeURIComponent(JSON.stringify({ parent_id: folderIds[(i % 50) * 20] }))}`, headers }),
      ],
    ];
    for (const [label, request] of rows) {
      const first = (await request(0)) as { statusCode: number; headers: Record<string, unknown> };
      if (first.statusCode !== 200) throw new Error(`${label}: ${first.statusCode}`);
      await measure(`${label} (${String(first.headers['content-range'] ?? '')})`, REQUESTS, request);
    }
    await benchFileChecks(app.db);
  } finally {
    await close();
    await postgres?.drop();
  }
}

/**
 * What serving a file to a visitor adds: whether a record visitors see uses its asset, asked of a variant's key (the
 * `/uploads/` check) and of an asset's id (the lasting address). A tenth of the used assets' records are visible news
 * items; the others' uses name records the bench has not (news ids above those it adds) (the worst case: each of them is looked up and not found).
 */
async function benchFileChecks(db: Db): Promise<void> {
  const used = await db.selectFrom('asset_uses').select('asset_id').orderBy('asset_id').limit(2500).execute();
  const visible = used.filter((_, at) => at % 10 === 1);
  for (const [at, use] of visible.entries()) {
    const news = await db
      .insertInto('news')
      .values(articleValues({ slug: `bench-file-${at}`, published: 1, public_at: new Date(Date.now() - 86_400_000).toISOString() }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('asset_uses').set({ record_id: news.id }).where('asset_id', '=', use.asset_id).execute();
  }
  // The list bench needs no files; these checks read the keys each asset claims, as an upload claims them.
  const unclaimed = await db
    .selectFrom('assets')
    .select(['id', 'file'])
    .where('id', 'not in', db.selectFrom('asset_uses').select('asset_id'))
    .limit(REQUESTS)
    .execute();
  for (const asset of [
    ...(await db
      .selectFrom('assets')
      .select(['id', 'file'])
      .where(
        'id',
        'in',
        visible.map((use) => use.asset_id),
      )
      .execute()),
    ...unclaimed,
  ]) {
    await claimFiles(db, asset.id, asset.file);
  }
  const keys = await db
    .selectFrom('asset_files')
    .select(['key', 'asset_id'])
    .where(
      'asset_id',
      'in',
      visible.map((use) => use.asset_id),
    )
    .execute();
  const unused = await db
    .selectFrom('asset_files')
    .select('key')
    .where('asset_id', 'not in', db.selectFrom('asset_uses').select('asset_id'))
    .limit(REQUESTS)
    .execute();
  const hidden = used.filter((use, at) => at % 10 !== 1 && use.asset_id > 2 * visible.length);
  console.log(`\nThe visibility check of a file, ${keys.length.toLocaleString('en')} keys of visible records' pictures among them`);
  const expect = async (answer: Promise<boolean>, wanted: boolean) => {
    if ((await answer) !== wanted) throw new Error('the visibility check answered wrong');
  };
  await measure("a visible news item's variant (/uploads)", REQUESTS, (i) => expect(fileIsPublic(db, keys[i % keys.length]!.key), true));
  await measure('an unused upload (/uploads)', REQUESTS, (i) => expect(fileIsPublic(db, unused[i % unused.length]!.key), false));
  await measure("a visible news item's asset (lasting address)", REQUESTS, (i) => expect(assetIsPublic(db, visible[i % visible.length]!.asset_id), true));
  await measure('an asset of a record not there (lasting address)', REQUESTS, (i) => expect(assetIsPublic(db, hidden[i % hidden.length]!.asset_id), false));
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) await benchAssets(process.argv[2] === 'postgres' ? 'postgres' : 'sqlite');

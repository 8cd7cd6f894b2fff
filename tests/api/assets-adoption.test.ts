import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { ensureSiteBuilt } from '../site/server.js';
import { adminHeaders, listFiles, pngImage, postForm } from './admin-helpers.js';

/** The public reads that show the demo's pictures and files, and the pages that show them. */
const PUBLIC_READS = ['/api/news/items', '/api/media/items', '/api/photobank/photos', '/api/photobank/logos', '/api/investor-documents'];
const PAGES = ['/', '/news', '/media', '/media/photobank', '/investoram/dokumenty'];

/** Every address of an uploaded file a page's HTML names (`src`, `srcset`, `href`). */
const uploadsOnPage = (html: string) => [...html.matchAll(/\/uploads\/[\w/-]+\.\w+/g)].map((match) => match[0]).sort();

async function readAll(app: FastifyInstance) {
  const reads = await Promise.all(PUBLIC_READS.map(async (url) => [url, (await app.inject(url)).json()]));
  const pages = await Promise.all(PAGES.map(async (url) => [url, uploadsOnPage((await app.inject(url)).body)]));
  return { reads: Object.fromEntries(reads), pages: Object.fromEntries(pages) };
}

/**
 * The demo content's uploads, as a database from before the media library holds them (no asset, no use): the next
 * start makes every one of them an asset without copying a file, and the pages show what they showed.
 */
describe.each(await testDialects())('uploads made before the media library, on %s', (dialect) => {
  let t: TestApp;
  let restarted: FastifyInstance | null = null;

  beforeAll(async () => {
    ensureSiteBuilt();
    t = await createTestApp(dialect, { seedDemo: true });
  });
  afterAll(async () => {
    await restarted?.close();
    await t.close();
  });

  it('become assets at the next start: every file a record names, nothing copied, uses filled, pages unchanged', async () => {
    const headers = await adminHeaders(t.app, 'USER');
    const unused = (
      await postForm(t.app, '/api/admin/assets/upload', headers, {}, [{ field: 'file', filename: 'unused.png', data: await pngImage(90, 60, '#778899') }])
    ).json().asset;
    const shown = await readAll(t.app);
    // The pages do show pictures: covers, photos and logos.
    expect(Object.values(shown.pages).flat().length).toBeGreaterThan(10);
    // Today's database: the demo's uploads are no assets yet (the library's own upload stays one).
    await t.app.db.deleteFrom('asset_uses').execute();
    await t.app.db.deleteFrom('assets').where('id', '!=', unused.id).execute();
    const files = await listFiles(t.config.uploadsDir);
    await t.app.close();

    restarted = await buildApp(t.config, { logger: false, viewFlushMs: 60_000 });
    // Nothing copied, nothing swept: the very same files, the unused asset's included.
    expect(await listFiles(restarted.config.uploadsDir)).toEqual(files);
    const owned = new Set((await restarted.db.selectFrom('asset_files').select('key').execute()).map((row) => row.key));
    const keys = files.map((file) => file.split(path.sep).join('/'));
    // Every upload is an asset but the video previews, which the server fetches from the video service.
    expect(keys.filter((key) => !owned.has(key) && !key.startsWith('media-video/'))).toEqual([]);
    const assets = await restarted.db.selectFrom('assets').select(['sha256', 'size', 'kind']).execute();
    expect(assets.length).toBeGreaterThan(10);
    expect(assets.every((asset) => /^[0-9a-f]{64}$/.test(asset.sha256) && asset.size > 0)).toBe(true);
    expect(new Set(assets.map((asset) => asset.kind))).toEqual(new Set(['image', 'document']));

    // Where each is used: every news item with a cover uses its asset.
    const news = await restarted.db.selectFrom('news').select('id').where('image', 'is not', null).execute();
    const uses = await restarted.db
      .selectFrom('asset_uses')
      .select(['resource', 'record_id', 'field'])
      .where('resource', '=', 'news')
      .where('field', '=', 'image')
      .execute();
    expect(uses.map((use) => use.record_id).sort()).toEqual(news.map((row) => row.id).sort());
    expect(await restarted.db.selectFrom('asset_uses').select('asset_id').where('resource', '=', 'photobank-logos').executeTakeFirst()).toBeDefined();

    expect(await readAll(restarted)).toEqual(shown);
    // A start with nothing left to adopt adds nothing.
    const count = (await restarted.db.selectFrom('assets').select('id').execute()).length;
    await restarted.close();
    restarted = await buildApp(t.config, { logger: false, viewFlushMs: 60_000 });
    expect((await restarted.db.selectFrom('assets').select('id').execute()).length).toBe(count);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_RIGHTS_OVER_USES_MESSAGE } from '../../server/assets/rights.js';
import { renderDocumentPdf } from '../../server/demo/images.js';
import type { Database } from '../../server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { adminHeaders, listFiles, pngImage, postForm, type FilePart } from './admin-helpers.js';

interface Asset {
  id: number;
  kind: string;
  format: string;
  url: string;
  sha256?: string;
  variants?: { src: string }[];
}

const pdf = (name: string, label: string): FilePart => ({ field: 'file', filename: name, data: renderDocumentPdf(label), type: 'application/pdf' });
const svg = (name: string): FilePart => ({
  field: 'file',
  filename: name,
  data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="#123"/></svg>'),
  type: 'image/svg+xml',
});
const gif = (name: string, data: Buffer): FilePart => ({ field: 'file', filename: name, data, type: 'image/gif' });

/** A GIF whose header claims 65535 × 65535 pixels, with almost no data: decoding it would take gigabytes. */
function hugeGif(): Buffer {
  const side = [0xff, 0xff];
  return Buffer.from([
    ...Buffer.from('GIF89a'),
    ...side,
    ...side,
    0x80,
    0,
    0,
    ...[0, 0, 0, 0xff, 0xff, 0xff],
    0x2c,
    0,
    0,
    0,
    0,
    ...side,
    ...side,
    0,
    0x02,
    0x02,
    0x4c,
    0x01,
    0,
    0x3b,
  ]);
}

/** A real GIF with an HTML page after it: a browser sniffing it as HTML would run its script. */
async function polyglotGif(): Promise<Buffer> {
  const picture = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c03' } })
    .gif()
    .toBuffer();
  return Buffer.concat([picture, Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>')]);
}

describe.each(await testDialects())('the library asset of records of other rights on %s', (dialect) => {
  let t: TestApp;
  let user: Record<string, string>;
  let manager: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await adminHeaders(t.app, 'USER');
    manager = await adminHeaders(t.app, 'MANAGER');
  });
  afterAll(() => t.close());

  const upload = async (file: FilePart, headers = user): Promise<Asset> => {
    const response = await postForm(t.app, '/api/admin/assets/upload', headers, {}, [file]);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().asset as Asset;
  };
  const replace = (id: number, file: FilePart, headers = user) => postForm(t.app, `/api/admin/assets/${id}/replace`, headers, {}, [file]);
  const auditOf = (resource: string, action: string) =>
    (t.app.db as Kysely<Database>)
      .selectFrom('audit_log')
      .select(['record_id', 'user_email'])
      .where('resource', '=', resource)
      .where('action', '=', action)
      .execute();

  it("refuses a USER the replacement, its undoing, removal and uses of an investor document's file (a MANAGER's record): 403 in Russian", async () => {
    const asset = await upload(pdf('Отчёт.pdf', 'Original report'), manager);
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/investor-documents/add',
      headers: manager,
      payload: { title: 'Годовой отчёт', category: 'annual-reports', year: 2025, public_at: daysAgo(1), published: 1, file: { asset: asset.id } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const original = await t.app.inject({ url: asset.url });
    expect(original.statusCode).toBe(200);

    const refused = await replace(asset.id, pdf('Подделка.pdf', 'Forged report'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_RIGHTS_OVER_USES_MESSAGE);
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/admin/assets/${asset.id}?confirm=uses`, headers: user });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().message).toBe(NO_RIGHTS_OVER_USES_MESSAGE);
    const uses = await t.app.inject({ url: `/api/admin/assets/${asset.id}/uses`, headers: user });
    expect(uses.statusCode).toBe(403);
    // The public address still serves the manager's file.
    expect((await t.app.inject({ url: asset.url })).rawPayload.equals(original.rawPayload)).toBe(true);

    const replaced = await replace(asset.id, pdf('Отчёт 2.pdf', 'Corrected report'), manager);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await t.app.inject({ url: asset.url })).rawPayload.equals(original.rawPayload)).toBe(false);
    expect((await t.app.inject({ url: `/api/admin/assets/${asset.id}/uses`, headers: manager })).json()).toHaveLength(1);
    // The replacement's history names the record whose file changed.
    const documentId = String(added.json().data.id);
    expect(await auditOf('investor-documents', 'replace-file')).toEqual([{ record_id: documentId, user_email: expect.any(String) }]);
    expect(await auditOf('assets', 'replace')).toEqual([{ record_id: String(asset.id), user_email: expect.any(String) }]);

    // Undoing a replacement changes the records' file too: refused to the USER, the manager's file stays; a MANAGER may.
    const corrected = (await t.app.inject({ url: asset.url })).rawPayload;
    const revert = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/api/admin/assets/${asset.id}/revert-file`, headers });
    const undone = await revert(user);
    expect(undone.statusCode).toBe(403);
    expect(undone.json().message).toBe(NO_RIGHTS_OVER_USES_MESSAGE);
    expect((await t.app.inject({ url: asset.url })).rawPayload.equals(corrected)).toBe(true);
    const reverted = await revert(manager);
    expect(reverted.statusCode, reverted.body).toBe(200);
    expect((await t.app.inject({ url: asset.url })).rawPayload.equals(original.rawPayload)).toBe(true);
  });

  it('lets a USER replace what only records a USER edits use, the audit naming each of them', async () => {
    const asset = await upload({ field: 'file', filename: 'Обложка.png', data: await pngImage(400, 300, '#0a0'), type: 'image/png' });
    const ids: number[] = [];
    for (const title of ['Первая', 'Вторая']) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/api/admin/news/add',
        headers: user,
        payload: { title, public_at: daysAgo(1), image: { asset: asset.id } },
      });
      expect(added.statusCode, added.body).toBe(200);
      ids.push(added.json().data.id as number);
    }
    const replaced = await replace(asset.id, { field: 'file', filename: 'Новая.png', data: await pngImage(400, 300, '#00a'), type: 'image/png' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect((await auditOf('news', 'replace-file')).map((entry) => entry.record_id).sort()).toEqual(ids.map(String).sort());
  });

  it("refuses a USER a new focal point of a picture inside a text page's text (a MANAGER's record), and names the page when a MANAGER moves it", async () => {
    const asset = await upload({ field: 'file', filename: 'Офис.png', data: await pngImage(800, 500, '#a50'), type: 'image/png' });
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/admin/text-pages/add',
      headers: manager,
      payload: {
        identifier: 'o-nas-s-kartinkoy',
        title: 'О нас',
        section: 'investoram',
        content: `<figure class="image-full"><img src="/api/assets/${asset.id}/file" alt="Офис"></figure>`,
      },
    });
    expect(page.statusCode, page.body).toBe(200);
    const moved = (headers: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/assets/${asset.id}`, headers, payload: { focal_x: 0.2 } });
    const refused = await moved(user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NO_RIGHTS_OVER_USES_MESSAGE);
    // Its alt text is the asset's own: a USER still edits it.
    expect((await t.app.inject({ method: 'PUT', url: `/api/admin/assets/${asset.id}`, headers: user, payload: { alt: 'Офис' } })).statusCode).toBe(200);
    expect((await moved(manager)).statusCode).toBe(200);
    expect(await auditOf('text-pages', 'replace-file')).toEqual([{ record_id: String(page.json().data.id), user_email: expect.any(String) }]);
  });

  it('checks and re-encodes a replacement as an upload: a 65535 × 65535 GIF is a 413, a GIF carrying HTML is stored re-encoded', async () => {
    const logo = await upload(svg('Логотип.svg'));
    expect(logo.format).toBe('svg');
    const huge = await replace(logo.id, gif('огромный.gif', hugeGif()));
    expect(huge.statusCode, huge.body).toBe(413);
    expect(huge.json().message).toMatch(/^«огромный\.gif»: Изображение слишком большое: 65535 × 65535 пикселей/);

    const before = await listFiles(t.config.uploadsDir);
    const polyglot = await replace(logo.id, gif('картинка.gif', await polyglotGif()));
    expect(polyglot.statusCode, polyglot.body).toBe(200);
    const replaced = polyglot.json().data as Asset;
    expect(replaced).toMatchObject({ kind: 'image', format: 'gif' });
    const added = (await listFiles(t.config.uploadsDir)).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(1);
    for (const file of added) expect((await readFile(path.join(t.config.uploadsDir, file))).includes('<script')).toBe(false);
  });

  it("keeps an asset's kind: a picture is not replaced by a document nor a document by a picture (415 in Russian)", async () => {
    const image = await upload({ field: 'file', filename: 'Фото.png', data: await pngImage(50, 50, '#555'), type: 'image/png' });
    const document = await upload(pdf('Справка.pdf', 'Reference'));
    const toDocument = await replace(image.id, pdf('Справка.pdf', 'Other'));
    expect(toDocument.statusCode).toBe(415);
    expect(toDocument.json().message).toMatch(/^«Справка\.pdf»: Допустимые форматы: /);
    const toPicture = await replace(document.id, { field: 'file', filename: 'Фото.png', data: await pngImage(60, 60, '#666'), type: 'image/png' });
    expect(toPicture.statusCode).toBe(415);
    expect(toPicture.json().message).toMatch(/^«Фото\.png»: Допустимые форматы: /);
  });
});

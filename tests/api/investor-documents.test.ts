import { access } from 'node:fs/promises';
import path from 'node:path';
import archiver from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../server/demo/images.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { compressedTextPdf, scannedPdf } from '../helpers/pdfs.js';
import { adminHeaders, libraryHolding, MB, postForm, pngImage, type FilePart } from './admin-helpers.js';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** A zip whose entries make it a Word document, as file-type recognises one. */
function docx(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const zip = archiver('zip');
    const chunks: Buffer[] = [];
    zip.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.on('end', () => resolve(Buffer.concat(chunks)));
    zip.on('error', reject);
    zip.append(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      { name: '[Content_Types].xml' },
    );
    zip.append('<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>', { name: 'word/document.xml' });
    void zip.finalize();
  });
}

const pdf = (label = 'Annual report'): FilePart => ({
  field: 'file',
  filename: 'Годовой отчёт 2025.pdf',
  data: renderDocumentPdf(label),
  type: 'application/pdf',
});

describe.each(await testDialects())('investor documents on %s', (dialect) => {
  let t: TestApp;
  let manager: Record<string, string>;
  let user: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    manager = await adminHeaders(t.app, 'MANAGER');
    user = await adminHeaders(t.app, 'USER');
  });
  afterAll(() => t.close());

  const add = (fields: Record<string, string | number>, files: FilePart[] = [pdf()], headers = manager) =>
    postForm(t.app, '/api/admin/investor-documents/add', headers, fields, files);
  const valid = { title: 'Годовой отчёт за 2025 год', category: 'annual-reports', year: 2025, public_at: daysAgo(1), published: 1 };

  it('adds a document with its file: original name, size and format in the answer, the file on disk', async () => {
    const response = await add(valid);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json().data;
    // The title is typeset on save: short words and numbers keep to the next word.
    expect(record).toMatchObject({ title: 'Годовой отчёт за\u00a02025\u00a0год', category: 'annual-reports', year: 2025, published: 1 });
    expect(record.file).toMatchObject({ name: 'Годовой отчёт 2025.pdf', format: 'pdf', size: pdf().data.length });
    expect(await exists(path.join(t.config.uploadsDir, record.file.url.replace(/^\/uploads\//, '')))).toBe(true);
  });

  it('refuses what the declaration refuses: missing file, wrong content, wrong format, bad category and year; USER is 403', async () => {
    expect((await add(valid, [])).json()).toEqual({ message: 'Проверьте поля формы.', errors: { file: ['Выберите файл документа.'] } });
    const png = await pngImage(10, 10);
    expect((await add(valid, [{ field: 'file', filename: 'report.pdf', data: png }])).statusCode).toBe(415);
    expect((await add(valid, [{ field: 'file', filename: 'report.exe', data: png }])).statusCode).toBe(415);
    expect((await add({ ...valid, category: 'secret' })).json().errors).toHaveProperty('category');
    expect((await add({ ...valid, year: 1800 })).json().errors).toHaveProperty('year');
    expect((await add({ ...valid, title: '' })).json().errors).toEqual({ title: ['Заполните поле.'] });
    expect((await add(valid, [{ ...pdf(), data: Buffer.alloc(50 * MB + 1, 1) }])).statusCode).toBe(413);
    expect((await add(valid, [pdf()], user)).statusCode).toBe(403);
  });

  it('reads whether a PDF has a text layer: a scan is saved, marked in the answer and the list; the public read leaves the mark out', async () => {
    const text = await add({ ...valid, title: 'Текстовый PDF' }, [{ ...pdf(), data: compressedTextPdf() }]);
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().data.file).toMatchObject({ format: 'pdf', text_layer: true });
    const scan = await add({ ...valid, title: 'Скан устава' }, [{ ...pdf(), filename: 'Скан.pdf', data: scannedPdf() }]);
    expect(scan.statusCode, scan.body).toBe(200);
    const scanned = scan.json().data;
    expect(scanned.file).toMatchObject({ name: 'Скан.pdf', format: 'pdf', text_layer: false });
    const list = await t.app.inject({ url: '/api/admin/investor-documents?filter={"q":"Скан устава"}', headers: manager });
    expect(list.json().data.find((row: { id: number }) => row.id === scanned.id)?.file).toMatchObject({ text_layer: false });
    const docxFile = await add({ ...valid, title: 'Не PDF' }, [{ field: 'file', filename: 'Устав.docx', data: await docx() }]);
    expect(docxFile.json().data.file).not.toHaveProperty('text_layer');
    const shown = (await t.app.inject({ url: '/api/investor-documents?year=2025&perPage=100' })).json().data.items;
    expect(shown.find((item: { id: number }) => item.id === scanned.id)?.file).not.toHaveProperty('text_layer');
  });

  it('accepts DOCX, replaces the file on update; the files stay in the media library, unused once the record is gone', async () => {
    const response = await add({ ...valid, title: 'Устав' }, [{ field: 'file', filename: 'Устав.docx', data: await docx() }]);
    expect(response.statusCode, response.body).toBe(200);
    const added = response.json().data;
    expect(added.file).toMatchObject({ format: 'docx', name: 'Устав.docx' });
    const oldFile = path.join(t.config.uploadsDir, added.file.url.replace(/^\/uploads\//, ''));
    const updated = await postForm(t.app, `/api/admin/investor-documents/update/${added.id}`, manager, { title: 'Устав (новая редакция)' }, [pdf('Charter')]);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Устав (новая редакция)', file: { format: 'pdf' } });
    // The replaced file stays in the media library, no longer used.
    expect(await exists(oldFile)).toBe(true);
    expect((await libraryHolding(t.app, added.file.url))?.usedBy).not.toContain(`investor-documents/${added.id}`);
    expect((await libraryHolding(t.app, updated.json().data.file.url))?.usedBy).toContain(`investor-documents/${added.id}`);
    const newFile = path.join(t.config.uploadsDir, updated.json().data.file.url.replace(/^\/uploads\//, ''));
    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/investor-documents/remove/${added.id}`, headers: manager });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.id).toBe(added.id);
    expect(await exists(newFile)).toBe(true);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/trash/empty', headers: manager })).statusCode).toBe(200);
    expect(await exists(newFile)).toBe(true);
    expect((await libraryHolding(t.app, updated.json().data.file.url))?.usedBy).not.toContain(`investor-documents/${added.id}`);
  });

  it('lists published documents publicly by category and year, and downloads a file under its original name', async () => {
    await add({ ...valid, title: 'Отчётность 2024', category: 'financial-statements', year: 2024 });
    await add({ ...valid, title: 'Черновик', published: 0 });
    await add({ ...valid, title: 'Запланированный', public_at: new Date(Date.now() + 86_400_000).toISOString() });
    const all = (await t.app.inject({ url: '/api/investor-documents' })).json().data;
    expect(all.items.map((item: { title: string }) => item.title)).not.toContain('Черновик');
    expect(all.items.map((item: { title: string }) => item.title)).not.toContain('Запланированный');
    const statements = (await t.app.inject({ url: '/api/investor-documents?category=financial-statements&year=2024' })).json().data;
    expect(statements.items.map((item: { title: string }) => item.title)).toEqual(['Отчётность 2024']);
    expect((await t.app.inject({ url: '/api/investor-documents?category=annual-reports&year=2024' })).json().data.items).toEqual([]);
    expect((await t.app.inject({ url: '/api/investor-documents?category=secret' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/investor-documents?year=abc' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/investor-documents?page=0' })).statusCode).toBe(404);

    const item = statements.items[0];
    expect(item.file).toMatchObject({ url: `/api/investor-documents/${item.id}/file`, name: 'Годовой отчёт 2025.pdf', format: 'pdf' });
    const download = await t.app.inject({ url: item.file.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_______ _____ 2025.pdf"; filename*=UTF-8''${encodeURIComponent('Годовой отчёт 2025.pdf')}`,
    );
    expect(download.rawPayload.equals(pdf().data)).toBe(true);
    const draft = (await t.app.inject({ url: '/api/admin/investor-documents?filter={"title":"x"}', headers: manager })).statusCode;
    expect(draft).toBe(400);
    expect((await t.app.inject({ url: '/api/investor-documents/999999/file' })).statusCode).toBe(404);
  });
});

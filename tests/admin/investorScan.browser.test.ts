import { describe, expect, it } from 'vitest';
import { scannedPdf } from '../helpers/pdfs.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** An editor uploads a scanned PDF as an investor document, in Debian's Chromium against the built admin. */

const admin = setUpChromiumAdmin();

const WARNING = /В PDF нет текстового слоя: программы экранного доступа не прочитают его/;

describe('a scanned PDF among investor documents', () => {
  it('is saved with a warning at upload, marked in the documents list and in its form', async () => {
    const { context, page, errors } = await newSignedInPage(admin);
    await page.goto('/admin/investor-documents/create');
    await page.getByLabel('Название').fill('Устав (скан)');
    await page.getByRole('combobox', { name: 'Категория' }).click();
    await page.getByRole('option', { name: 'Годовые отчёты' }).click();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'Устав-скан.pdf', mimeType: 'application/pdf', buffer: scannedPdf() });
    const saved = page.waitForResponse((response) => response.url().includes('/api/admin/investor-documents/add') && response.status() === 200);
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await saved;
    await page.waitForURL('**/admin/investor-documents');
    // The warning follows the save's own notice; the save went through.
    await page.getByText(WARNING).waitFor({ timeout: 15_000 });

    const row = page.getByRole('row').filter({ hasText: 'Устав (скан)' });
    await row.getByText('Скан без текста').waitFor();
    const others = page.getByRole('row').filter({ hasText: 'Годовой отчёт за' });
    expect(await others.getByText('Скан без текста').count()).toBe(0);

    const stored = await admin.app.db.selectFrom('investor_documents').select('id').where('title', 'like', 'Устав (скан)%').executeTakeFirstOrThrow();
    await page.goto(`/admin/investor-documents/${stored.id}`);
    await page.getByRole('alert').filter({ hasText: 'Загрузите PDF с текстом' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { pngImage, postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/**
 * The cover picker in Debian's Chromium: a library asset the field cannot take (an SVG logo for a JPG/PNG/WebP/GIF
 * cover) shows disabled, saying what the field takes, and cannot be picked; one it takes is picked as before.
 */

const admin = setUpChromiumAdmin();

describe('the cover picker in Chromium', () => {
  it('shows an SVG disabled with the reason on a news cover and picks a PNG', async () => {
    const { headers } = await userWithToken(admin.app, 'MANAGER');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#123"/></svg>');
    const uploads = [
      { field: 'file', filename: 'Логотип-вектор.svg', data: svg, type: 'image/svg+xml' },
      { field: 'file', filename: 'Обложка-растр.png', data: await pngImage(320, 200), type: 'image/png' },
    ];
    for (const file of uploads) {
      const uploaded = await postForm(admin.app, '/api/admin/assets/upload', headers, {}, [file]);
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const news = await admin.app.db.selectFrom('news').select('id').orderBy('id').executeTakeFirstOrThrow();

    const { page, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/news/${news.id}`);
    await page.getByRole('textbox', { name: /^Заголовок/ }).waitFor();
    await page.getByRole('button', { name: 'Выбрать из библиотеки' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Выбор из медиатеки' });
    await dialog.getByLabel('Поиск по названию, описанию, папке').fill('вектор');
    const svgCard = dialog.getByRole('button', { name: /^Выбрать «Логотип-вектор/ });
    await svgCard.waitFor();
    expect(await svgCard.isDisabled()).toBe(true);
    // The reason is the card's own description (other SVGs of the library may be listed until the search applies).
    const reason = await svgCard.getAttribute('aria-describedby');
    expect(reason).toMatch(/^refusal-/);
    expect(await dialog.locator(`[id="${reason}"]`).textContent()).toBe('Это поле принимает файлы JPG, PNG, WebP, GIF.');

    await dialog.getByLabel('Поиск по названию, описанию, папке').fill('растр');
    const pngCard = dialog.getByRole('button', { name: /^Выбрать «Обложка-растр/ });
    await pngCard.waitFor();
    await svgCard.waitFor({ state: 'detached' });
    expect(await pngCard.isDisabled()).toBe(false);
    expect(await dialog.getByText('Это поле принимает файлы', { exact: false }).count()).toBe(0);
    await pngCard.click();
    await page
      .getByTestId('picked-asset')
      .getByText(/Обложка-растр/)
      .waitFor();
    expect(errors).toEqual([]);
  });
});

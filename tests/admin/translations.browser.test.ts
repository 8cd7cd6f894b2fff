import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { news } from '../../lib/resources/articles.js';
import { translationsOf } from '../../server/translations/store.js';
import { typesetText } from '../../server/content/typography.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { newSignedInPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** Translating in Debian's Chromium against the built server with English on: the form's English side and the lists. */

const admin = setUpChromiumAdmin({ SITE_LOCALES: 'ru,en' });

interface AddedNews {
  id: number;
  slug: string;
}

async function addNews(title: string, fields: Record<string, string> = {}): Promise<AddedNews> {
  const { headers } = await userWithToken(admin.app, 'USER');
  const added = await postForm(admin.app, '/api/admin/news/add', headers, {
    title,
    lead: `Анонс: ${title}`,
    content: `<p>Текст: ${title}</p>`,
    public_at: daysAgo(1),
    ...fields,
  });
  expect(added.statusCode, added.body).toBe(200);
  return added.json().data as AddedNews;
}

/** Another staff member's save of the item's English version. */
async function saveEnglish(id: number, english: Record<string, string>): Promise<void> {
  const { headers } = await userWithToken(admin.app, 'USER');
  const saved = await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { translations: JSON.stringify({ en: english }) });
  expect(saved.statusCode, saved.body).toBe(200);
}

const titleBox = (page: Page) => page.getByRole('textbox', { name: /^Заголовок/ });
const leadBox = (page: Page) => page.getByRole('textbox', { name: /^Анонс/ });

describe('translations in the admin in Chromium', () => {
  it('an editor translates a news item with «Скопировать из русской версии», saves, and the English page shows it', async () => {
    const item = await addNews('Переводимая новость о заводе');
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/news/${item.id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Переводимая новость о заводе'));

    await page.getByRole('tab', { name: 'Английский' }).click();
    // The English side: its own inputs, empty, with the Russian text beside them for reference.
    await expect.poll(() => titleBox(page).inputValue()).toBe('');
    const lead = typesetText('Анонс: Переводимая новость о заводе');
    await expect.poll(() => page.locator('[data-russian-value="lead"]').textContent()).toBe(lead);
    await page.getByRole('button', { name: 'Скопировать из русской версии' }).click();
    await expect.poll(() => leadBox(page).inputValue()).toBe(lead);
    const content = typesetText('Текст: Переводимая новость о заводе');
    await expect.poll(() => page.locator('[data-translation="en"] .ProseMirror').textContent()).toBe(content);
    await titleBox(page).fill('News about the plant');
    await leadBox(page).fill('The plant, in English');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/news$/);

    const stored = (await translationsOf(admin.app.db, news, [item.id], 'en')).get(item.id);
    expect(stored?.values).toMatchObject({ title: 'News about the plant', lead: 'The plant, in English' });
    // The text copied from the Russian version, as the editor writes it back.
    expect(stored?.values.content?.replaceAll('&nbsp;', '\u00a0')).toBe(`<p>${content}</p>`);
    // The Russian version stays as it was.
    const russian = await admin.app.db.selectFrom('news').select(['title', 'lead']).where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(russian).toEqual({ title: typesetText('Переводимая новость о заводе'), lead });

    const english = await fetch(`${admin.baseURL}/en/news/${item.slug}`);
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain('News about the plant');
    expect(html).toContain('The plant, in English');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the list shows how far each item is translated, and «нет перевода» finds the untranslated and unfinished ones', async () => {
    const translated = await addNews('Списочная новость с переводом');
    const unfinished = await addNews('Списочная новость с начатым переводом');
    await addNews('Списочная новость без перевода');
    await saveEnglish(translated.id, { title: 'A listed news item', content: '<p>Text</p>' });
    await saveEnglish(unfinished.id, { lead: 'Only a lead so far' });

    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto('/admin/news');
    await page.getByRole('textbox', { name: 'Поиск' }).fill('Списочная');
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const statusOf = (title: string) => rows.filter({ hasText: title }).locator('td.column-translation_en').textContent();
    await expect.poll(() => statusOf('Списочная новость с переводом')).toBe('есть');
    await expect.poll(() => statusOf('Списочная новость с начатым переводом')).toBe('не закончен');
    await expect.poll(() => statusOf('Списочная новость без перевода')).toBe('нет');

    await page.getByRole('button', { name: 'Добавить фильтр' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Перевод' }).click();
    await page.getByRole('combobox', { name: 'Перевод' }).click();
    await page.getByRole('option', { name: 'нет перевода' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.filter({ hasText: 'Списочная новость без перевода' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Списочная новость с начатым переводом' }).count()).toBe(1);
    expect(decodeURIComponent(page.url())).toContain('"translated_en":0');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("the history compares the English version's words, and the conflict view merges English fields one by one", async () => {
    const item = await addNews('Новость с английской историей', { translations: JSON.stringify({ en: { title: 'First English title' } }) });
    await saveEnglish(item.id, { title: 'Second English title' });
    const { page, context, errors } = await newSignedInPage(admin);
    await page.goto(`/admin/news/${item.id}`);
    const entries = page.getByRole('complementary', { name: 'История изменений' }).getByTestId('revision');
    await expect.poll(() => entries.count()).toBe(1);
    expect(await entries.first().textContent()).toContain('Изменено: Перевод');
    await entries
      .first()
      .getByRole('button', { name: /^Сравнить версию от / })
      .click();
    const diff = page.getByRole('dialog', { name: 'Сравнение версий' });
    const title = diff.getByTestId('diff-translations.en.title');
    await title.waitFor();
    expect(await title.getByRole('heading').textContent()).toBe('Заголовок — английская версия');
    expect(await title.locator('del').allTextContents()).toEqual(['удалено: First']);
    expect(await title.locator('ins').allTextContents()).toEqual(['добавлено: Second']);
    await diff.getByRole('button', { name: 'Закрыть' }).click();
    await diff.waitFor({ state: 'hidden' });

    // Someone saves an English lead while the editor changes the English title.
    await page.getByRole('tab', { name: 'Английский' }).click();
    await expect.poll(() => titleBox(page).inputValue()).toBe('Second English title');
    await saveEnglish(item.id, { lead: 'Their English lead' });
    await titleBox(page).fill('My English title');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы редактировали: объедините правки' });
    await dialog.waitFor();
    // Each changed a different English field: both changes merge without a question.
    await expect
      .poll(() => dialog.getByTestId('conflict-merged-translations.en.lead').textContent())
      .toBe('Анонс — английская версия: правка из сохранённой версии');
    expect(await dialog.getByTestId('conflict-merged-translations.en.title').textContent()).toBe('Заголовок — английская версия: ваша правка');
    await dialog.getByRole('button', { name: 'Сохранить объединённое' }).click();
    await page.waitForURL(/\/admin\/news$/);
    const stored = (await translationsOf(admin.app.db, news, [item.id], 'en')).get(item.id);
    expect(stored?.values).toEqual({ title: 'My English title', lead: 'Their English lead' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('English text typed and not saved is kept, and offered back after a reload with the Russian', async () => {
    const item = await addNews('Новость с несохранённым переводом');
    const { page, context, errors } = await newSignedInPage(admin);
    // Reloading a form with unsaved changes asks first: the test leaves.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`/admin/news/${item.id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость с несохранённым переводом'));
    await page.getByRole('tab', { name: 'Английский' }).click();
    await titleBox(page).fill('An English title not saved yet');
    const keptEnglishTitle = async () => {
      const row = await admin.app.db
        .selectFrom('form_drafts')
        .select('form_values')
        .where('resource', '=', 'news')
        .where('record_key', '=', String(item.id))
        .executeTakeFirst();
      const values = row ? (JSON.parse(row.form_values) as { translations?: { en?: { title?: string } } }) : null;
      return values?.translations?.en?.title;
    };
    await expect.poll(keptEnglishTitle).toBe('An English title not saved yet');

    await page.reload();
    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    await page.getByRole('tab', { name: 'Английский' }).click();
    await expect.poll(() => titleBox(page).inputValue()).toBe('An English title not saved yet');
    expect((await translationsOf(admin.app.db, news, [item.id], 'en')).get(item.id)).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the admin on a Russian-only site in Chromium', () => {
  const russian = setUpChromiumAdmin();

  it('shows no language switch, no translation column and no «нет перевода» filter', async () => {
    const { headers } = await userWithToken(russian.app, 'USER');
    const added = await postForm(russian.app, '/api/admin/news/add', headers, { title: 'Только русская новость', public_at: daysAgo(1) });
    const id = (added.json().data as AddedNews).id;
    const { page, context, errors } = await newSignedInPage(russian);
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe('Только русская новость');
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Скопировать из русской версии' }).count()).toBe(0);

    await page.goto('/admin/news');
    await page.getByRole('columnheader', { name: 'Заголовок' }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Перевод' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Добавить фильтр' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Опубликовано' }).waitFor();
    expect(await page.getByRole('menuitemcheckbox', { name: 'Перевод' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

import type { Dialog, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { typesetText } from '../../server/content/typography.js';
import { formAnswer, keptNewsForm, newSignedInPage, setUpChromiumAdmin, wholeForm } from './chromiumAdmin.js';

/** Editing in Debian's Chromium against the built server: unsaved work is kept, leaving asks, saving is quick. */

const admin = setUpChromiumAdmin();

interface EditingPage {
  page: Page;
  /** The dialogs the page opened (`confirm`, `beforeunload`), in order. */
  dialogs: string[];
  /** Whether the next dialogs are accepted (leave) or dismissed (stay). */
  answer: { accept: boolean };
  close: () => Promise<void>;
}

async function signedIn(): Promise<EditingPage> {
  const { context, page } = await newSignedInPage(admin);
  const dialogs: string[] = [];
  const answer = { accept: true };
  page.on('dialog', (dialog: Dialog) => {
    dialogs.push(dialog.type());
    void (answer.accept ? dialog.accept() : dialog.dismiss());
  });
  return { page, dialogs, answer, close: () => context.close() };
}

async function addNews(title: string, fields: Record<string, string | number> = {}): Promise<number> {
  const { headers } = await userWithToken(admin.app, 'USER');
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, lead: 'Анонс', public_at: daysAgo(1), ...fields });
  return (added.json().data as { id: number }).id;
}

/**
 * Once the editor next answers «stay», clicks the side menu's entry `name` again in the same moment, before the page
 * renders anything: the quickest second attempt to leave a person can make.
 */
const clickRightAfterStaying = (page: Page, name: string) =>
  page.evaluate((entry) => {
    const ask = window.confirm.bind(window);
    window.confirm = (message) => {
      window.confirm = ask;
      const leave = ask(message);
      const item = [...document.querySelectorAll<HTMLElement>('[role="menuitem"]')].find((element) => element.textContent?.trim() === entry);
      if (!leave) queueMicrotask(() => item?.click());
      return leave;
    };
  }, name);

const titleBox = (page: Page) => page.getByRole('textbox', { name: /^Заголовок/ });
const leadBox = (page: Page) => page.getByRole('textbox', { name: /^Анонс/ });

const newsRow = (id: number) =>
  admin.app.db.selectFrom('news').select(['title', 'lead', 'published', 'public_at', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
/** The news item saved with a title, found by the typeset title the save stored. */
const newsTitled = (title: string) =>
  admin.app.db.selectFrom('news').select(['id', 'published', 'public_at']).where('title', '=', typesetText(title)).executeTakeFirst();
const homePage = async () => (await fetch(`${admin.baseURL}/`)).text();

describe('editing forms in Chromium', () => {
  it('text typed in a new item survives a reload (which asks first) and comes back with «Восстановить несохранённые изменения»', async () => {
    const { page, dialogs, close } = await signedIn();
    await page.goto('/admin/news/create');
    await titleBox(page).fill('Новость, набранная перед сбоем');
    await expect.poll(() => keptNewsForm(admin, 'new')).toMatchObject({ title: 'Новость, набранная перед сбоем' });

    await page.reload();
    expect(dialogs).toContain('beforeunload');
    await page.getByText(/^Есть несохранённые изменения от \d\d\.\d\d\.\d{4} \d\d:\d\d\./).waitFor();
    expect(await titleBox(page).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    expect(await titleBox(page).inputValue()).toBe('Новость, набранная перед сбоем');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/news\/\d+$/);
    expect(await newsTitled('Новость, набранная перед сбоем')).toBeDefined();
    await expect.poll(() => keptNewsForm(admin, 'new')).toBeNull();
    await close();
  });

  it('text typed in an existing item survives a reload and is restored; «Отменить» discards a kept version', async () => {
    const id = await addNews('Сохранённая новость');
    const { page, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe('Сохранённая новость');
    await leadBox(page).fill('Анонс, который ещё не сохранён');
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Анонс, который ещё не сохранён' });

    await page.reload();
    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    expect(await leadBox(page).inputValue()).toBe('Анонс, который ещё не сохранён');
    expect((await newsRow(id)).lead).toBe('Анонс');

    await page.reload();
    await page.getByRole('button', { name: 'Отменить' }).click();
    await expect.poll(() => keptNewsForm(admin, String(id))).toBeNull();
    expect(await leadBox(page).inputValue()).toBe('Анонс');
    await page.reload();
    await expect.poll(() => titleBox(page).inputValue()).toBe('Сохранённая новость');
    expect(await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).count()).toBe(0);
    await close();
  });

  it('restored text that started from an older version of the record is saved through the conflict view', async () => {
    const id = await addNews('Новость, которую правят двое');
    const first = await signedIn();
    await first.page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(first.page).inputValue()).toBe('Новость, которую правят двое');
    await leadBox(first.page).fill('Мой анонс до сбоя');
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Мой анонс до сбоя' });
    await first.close();

    const { headers } = await userWithToken(admin.app, 'USER');
    await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title: 'Заголовок коллеги' });
    const { page, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    expect(await leadBox(page).inputValue()).toBe('Мой анонс до сбоя');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Запись изменили, пока вы редактировали: объедините правки' });
    // Nothing overlaps the colleague's save, so the dialog merges by itself and saves what it shows.
    await dialog.getByRole('button', { name: 'Сохранить объединённое' }).click();
    await page.waitForURL('**/admin/news');
    expect(await newsRow(id)).toMatchObject({ lead: typesetText('Мой анонс до сбоя') });
    await expect.poll(() => keptNewsForm(admin, String(id))).toBeNull();
    await close();
  });

  it('while the server cannot take the kept version, the browser keeps it and sends it once the server answers', async () => {
    const id = await addNews('Новость без связи');
    const { page, close } = await signedIn();
    await page.route('**/api/admin/form-drafts/**', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Нет связи"}' }) : route.continue(),
    );
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость без связи'));
    await leadBox(page).fill('Набрано без связи с сервером');
    const inBrowser = () => page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith('admin-form-draft:')).length);
    await expect.poll(inBrowser).toBe(1);
    expect(await keptNewsForm(admin, String(id))).toBeNull();

    await page.unroute('**/api/admin/form-drafts/**');
    await page.reload();
    await expect.poll(() => keptNewsForm(admin, String(id))).toMatchObject({ lead: 'Набрано без связи с сервером' });
    await expect.poll(inBrowser).toBe(0);
    await page.getByRole('button', { name: 'Восстановить несохранённые изменения' }).click();
    expect(await leadBox(page).inputValue()).toBe('Набрано без связи с сервером');
    await close();
  });

  it('leaving a form with unsaved changes by a menu entry asks every time; staying keeps the text, leaving goes', async () => {
    const id = await addNews('Новость для ухода');
    const { page, dialogs, answer, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость для ухода'));
    const kept = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().endsWith(`/api/admin/form-drafts/news/${id}`));
    await titleBox(page).fill('Правка, которую жалко потерять');
    expect((await kept).ok()).toBe(true);

    // The editor stays, then tries to leave again at once, before the screen has caught up with the answer: it asks
    // again, and staying once more keeps the text.
    answer.accept = false;
    await clickRightAfterStaying(page, 'Главная');
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await expect.poll(() => dialogs).toEqual(['confirm', 'confirm']);
    expect(new URL(page.url()).pathname).toBe(`/admin/news/${id}`);
    expect(await titleBox(page).inputValue()).toBe('Правка, которую жалко потерять');

    answer.accept = true;
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await page.getByText(/Здравствуйте, /).waitFor();
    expect(dialogs).toEqual(['confirm', 'confirm', 'confirm']);
    await close();
  });

  it('Ctrl+S and Cmd+S save and stay on the form, one save after the other without a conflict', async () => {
    const id = await addNews('Новость для Ctrl+S');
    const { page, dialogs, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость для Ctrl+S'));
    await titleBox(page).fill('Сохранено клавишами');
    await page.keyboard.press('Control+S');
    await expect.poll(async () => (await newsRow(id)).title).toBe('Сохранено клавишами');
    await leadBox(page).fill('Сохранено второй раз');
    await page.keyboard.press('Meta+S');
    await expect.poll(async () => (await newsRow(id)).lead).toBe('Сохранено второй раз');
    expect(new URL(page.url()).pathname).toBe(`/admin/news/${id}`);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // Nothing is left unsaved: leaving does not ask.
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await page.getByText(/Здравствуйте, /).waitFor();
    expect(dialogs).toEqual([]);
    await close();
  });

  it('what is typed while a save is on its way stays in the form, and Ctrl+S pressed meanwhile saves it once the first save is back', async () => {
    const id = await addNews('Новость для медленного сохранения');
    const { page, dialogs, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость для медленного сохранения'));
    // The first save's answer is held back, so the editor types on while it is on its way.
    let holding = true;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/admin/news/update/${id}`, async (route) => {
      if (holding) {
        holding = false;
        const response = await route.fetch();
        await held;
        await route.fulfill({ response });
      } else {
        await route.continue();
      }
    });
    await titleBox(page).fill('Сохранено первым');
    await page.keyboard.press('Control+S');
    await expect.poll(async () => (await newsRow(id)).title).toBe('Сохранено первым');
    // The same field again (sent at once, it would be taken for a conflict with the first save) and another one.
    await titleBox(page).fill('Сохранено первым, дополнено вторым');
    await leadBox(page).fill('Набрано, пока сохранялось');
    await page.keyboard.press('Control+S');
    release();

    await expect.poll(async () => (await newsRow(id)).lead).toBe('Набрано, пока сохранялось');
    expect((await newsRow(id)).title).toBe('Сохранено первым, дополнено вторым');
    expect(await leadBox(page).inputValue()).toBe('Набрано, пока сохранялось');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('menuitem', { name: 'Главная' }).click();
    await page.getByText(/Здравствуйте, /).waitFor();
    expect(dialogs).toEqual([]);
    await close();
  });

  it('«Сохранить и продолжить» twice in a row saves both times on the same form, without a conflict', async () => {
    const id = await addNews('Новость для двух сохранений');
    const { page, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость для двух сохранений'));
    const before = (await newsRow(id)).version;

    const saveAndContinue = page.getByRole('button', { name: 'Сохранить и продолжить' });
    await titleBox(page).fill('Первое сохранение');
    await saveAndContinue.click();
    // The form takes the server's answer: nothing left to save, and the new version for the next save. (The button is
    // disabled while the save is under way too, so the stored row is awaited first.)
    await expect.poll(async () => (await newsRow(id)).version).toBe(before + 1);
    await expect.poll(() => saveAndContinue.isDisabled()).toBe(true);
    expect((await newsRow(id)).title).toBe('Первое сохранение');
    await leadBox(page).fill('Второе сохранение');
    await saveAndContinue.click();

    await expect.poll(() => newsRow(id)).toMatchObject({ title: 'Первое сохранение', lead: 'Второе сохранение', version: before + 2 });
    await expect.poll(() => saveAndContinue.isDisabled()).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/admin/news/${id}`);
    await close();
  });

  it('the form shows the typeset text the server stored after «Сохранить и продолжить»', async () => {
    const id = await addNews('Новость до типографа');
    const { page, close } = await signedIn();
    await page.goto(`/admin/news/${id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость до типографа'));
    const saveAndContinue = page.getByRole('button', { name: 'Сохранить и продолжить' });
    await titleBox(page).fill('"Смарт" - лидер в 15 минут');
    await saveAndContinue.click();
    await expect.poll(() => saveAndContinue.isDisabled()).toBe(true);
    // The button is disabled while the save is on its way as well as after it: the stored title is waited for.
    await expect.poll(async () => (await newsRow(id)).title).toBe('«Смарт»\u00a0— лидер в\u00a015\u00a0минут');
    await expect.poll(() => titleBox(page).inputValue()).toBe('«Смарт»\u00a0— лидер в\u00a015\u00a0минут');
    await close();
  });

  it('«Сохранить» on a new item opens its edit screen, with «Предпросмотр»; the create form has no «Сохранить и продолжить»', async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin/news/create');
    await wholeForm(page);
    await titleBox(page).fill('Новость, сохранённая с продолжением');
    expect(await page.getByRole('button', { name: 'Сохранить и продолжить' }).count()).toBe(0);
    const answer = await formAnswer(page, '/api/admin/news/add', () => page.getByRole('button', { name: 'Сохранить', exact: true }).click());
    expect(answer.status(), await answer.text()).toBe(200);
    const added = await newsTitled('Новость, сохранённая с продолжением');
    await page.waitForURL(`**/admin/news/${added?.id}`);
    await expect.poll(() => titleBox(page).inputValue()).toBe(typesetText('Новость, сохранённая с продолжением'));
    await page.getByRole('button', { name: 'Предпросмотр' }).waitFor();
    await close();
  });

  it('a new item is a draft: «Опубликовано» is off and saving keeps it off the public home page', async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin/news/create');
    await titleBox(page).waitFor();
    expect(await page.getByLabel('Опубликовано').isChecked()).toBe(false);
    await titleBox(page).fill('Черновик, которого нет на сайте');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await page.waitForURL(/\/admin\/news\/\d+$/);
    expect(await newsTitled('Черновик, которого нет на сайте')).toMatchObject({ published: 0 });
    expect(await homePage()).not.toContain(typesetText('Черновик, которого нет на сайте'));
    await close();
  });

  it('«Опубликовать» publishes a draft now (it is on the site), or schedules it for a future moment and says when', async () => {
    const { page, close } = await signedIn();
    await page.goto('/admin/news/create');
    await titleBox(page).fill('Опубликовано одной кнопкой');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByRole('alert').getByText('Опубликовано', { exact: true }).waitFor();
    const published = await newsTitled('Опубликовано одной кнопкой');
    expect(published?.published).toBe(1);
    expect(Date.parse(published?.public_at ?? '')).toBeLessThanOrEqual(Date.now());
    await expect.poll(homePage).toContain('Опубликовано одной кнопкой');

    await page.goto('/admin/news/create');
    await titleBox(page).fill('Запланировано кнопкой');
    const date = page.getByLabel('Дата публикации (дд.мм.гггг)');
    await date.fill('');
    await date.pressSequentially('12052030');
    const time = page.getByLabel('Время (чч:мм)');
    await time.fill('');
    await time.pressSequentially('1000');
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByRole('alert').getByText('Запланировано на 12.05.2030 10:00').waitFor();
    const scheduled = await newsTitled('Запланировано кнопкой');
    expect(scheduled?.published).toBe(1);
    expect(Date.parse(scheduled?.public_at ?? '')).toBeGreaterThan(Date.now());
    expect(await homePage()).not.toContain('Запланировано кнопкой');
    await close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { typesetText } from '../../server/content/typography.js';
import { caretAtLineEnd } from '../helpers/waits.js';
import { formAnswer, logIn, MANAGER, newAdminPage, setUpChromiumAdmin, wholeForm } from './chromiumAdmin.js';

/** Two staff members edit the same news item in Debian's Chromium against the built server: no save is lost. */

const admin = setUpChromiumAdmin();

async function signedIn(account: { email: string; password: string }): Promise<Page> {
  const { page } = await newAdminPage(admin);
  await logIn(page, account.email, account.password);
  return page;
}

const CONFLICT_TITLE = 'Запись изменили, пока вы редактировали: объедините правки';
const PARAGRAPHS = '<p>Первый абзац.</p><p>Второй абзац.</p><p>Третий абзац.</p>';

/** Types `text` at the end of the body's paragraph that reads `paragraph`. */
async function appendToParagraph(page: Page, paragraph: string, text: string): Promise<void> {
  await page.locator('.ProseMirror p', { hasText: paragraph }).click();
  await page.keyboard.press('End');
  await caretAtLineEnd(page);
  await page.keyboard.type(text);
}

async function openNews(page: Page, id: number, title = 'Исходный заголовок'): Promise<void> {
  await page.goto(`/admin/news/${id}`);
  await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe(title);
  await wholeForm(page);
}

/** The confirmation a quick choice asks for, confirmed: its dialog, found by its title. */
async function confirmQuickChoice(page: Page, title: string, button: string): Promise<void> {
  const confirm = page.getByRole('dialog', { name: title });
  await confirm.getByRole('button', { name: button }).click();
  await confirm.waitFor({ state: 'detached' });
}

/** A news item added by the account of `headers`, published a day ago with `fields`; answers its id. */
async function addNews(headers: Record<string, string>, fields: Record<string, string>): Promise<number> {
  const added = await postForm(admin.app, '/api/admin/news/add', headers, { public_at: daysAgo(1), ...fields });
  return (added.json().data as { id: number }).id;
}

const newsRow = (id: number) => admin.app.db.selectFrom('news').select(['title', 'lead', 'content', 'version']).where('id', '=', id).executeTakeFirstOrThrow();

describe('two staff members editing one news item in Chromium', () => {
  it('each sees the other before saving; the later save opens the conflict view naming who saved; both editors’ fields and paragraphs merge by themselves', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const id = await addNews(headers, {
      title: 'Исходный заголовок',
      lead: 'Исходный анонс',
      content: PARAGRAPHS,
    });
    const editor = await userWithToken(admin.app, 'USER', 'editor-password-1');

    const first = await signedIn(MANAGER);
    const second = await signedIn({ email: editor.user.email, password: editor.password });
    await openNews(first, id);
    await openNews(second, id);
    // Before anyone saves, each sees who else has the item open.
    const presence = (page: Page, name: string) => page.getByRole('alert').filter({ hasText: `Сейчас редактирует: ${name}` });
    await presence(second, 'Администратор').waitFor();
    await presence(first, editor.user.name).waitFor();

    await first.getByRole('textbox', { name: /^Заголовок/ }).fill('Заголовок от первого');
    await appendToParagraph(first, 'Первый абзац.', ' Дополнение первого.');
    await first.getByRole('button', { name: 'Сохранить', exact: true }).click();
    await first.waitForURL('**/admin/news');

    await second.getByRole('textbox', { name: /^Анонс/ }).fill('Анонс от второго');
    await appendToParagraph(second, 'Третий абзац.', ' Дополнение второго.');
    await second.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = second.getByRole('dialog', { name: CONFLICT_TITLE });
    await dialog.waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain(MANAGER.email);
    // Nothing to decide: the other's title, one's own lead and both paragraphs are merged, and said so.
    await expect.poll(() => dialog.getByTestId('conflict-merged').textContent()).toContain('Заголовок: правка из сохранённой версии');
    expect(await dialog.getByTestId('conflict-merged-lead').textContent()).toBe('Анонс: ваша правка');
    expect(await dialog.getByTestId('conflict-merged-content').textContent()).toBe('Текст: правки обоих, в разных абзацах');
    expect(await dialog.getByRole('radio').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Сохранить объединённое' }).click();
    await second.waitForURL('**/admin/news');
    const saved = await admin.app.db.selectFrom('news').select(['title', 'lead', 'content', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(saved).toEqual({
      title: typesetText('Заголовок от первого'),
      lead: typesetText('Анонс от второго'),
      content: '<p>Первый абзац. Дополнение первого.</p><p>Второй абзац.</p><p>Третий абзац. Дополнение второго.</p>',
      version: 3,
    });
    await first.context().close();
    await second.context().close();
    // Two editors sign in and each waits to see the other: more than half a minute on a busy machine.
  });

  it('a paragraph both changed shows both versions marked word by word with no side chosen; the result is edited in place', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const id = await addNews(headers, { title: 'Исходный заголовок', content: PARAGRAPHS });
    const page = await signedIn(MANAGER);

    await openNews(page, id);
    const theirs = '<p>Первый абзац.</p><p>Второй абзац, переписанный другим.</p><p>Третий абзац.</p>';
    await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { content: theirs });
    await appendToParagraph(page, 'Второй абзац.', ' Моё дополнение.');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
    const overlap = dialog.getByTestId('conflict-content#1');
    await overlap.waitFor();
    // Only the paragraph both changed asks; each version marks its words against the paragraph both started from.
    expect(await dialog.getByTestId('conflict-content#2').count()).toBe(0);
    const marked = async (side: 'mine' | 'saved', mark: 'ins' | 'del') =>
      (await overlap.getByTestId(`conflict-content#1-${side}`).locator(mark).allTextContents()).join(' ');
    expect(await marked('mine', 'ins')).toContain('Моё дополнение');
    expect(await marked('mine', 'del')).toBe('');
    expect(await marked('saved', 'ins')).toContain('переписанный другим');
    expect(await overlap.getByTestId('conflict-content#1-mine').textContent()).toContain('Второй абзац');
    // No side is chosen for it, and the merge cannot be saved until one is.
    for (const radio of await overlap.getByRole('radio').all()) expect(await radio.isChecked()).toBe(false);
    const save = dialog.getByRole('button', { name: 'Сохранить объединённое' });
    expect(await save.isDisabled()).toBe(true);
    expect(await dialog.getByRole('status').textContent()).toBe('Осталось решить: 1');

    await overlap.getByRole('radio', { name: 'Обе: сначала ваша' }).check();
    const result = overlap.getByRole('textbox', { name: 'Что сохранится: Текст' });
    await expect.poll(() => result.textContent()).toBe('Второй абзац. Моё дополнение.Второй абзац, переписанный другим.');
    await result.locator('p').first().click();
    await page.keyboard.press('End');
    await caretAtLineEnd(page);
    await page.keyboard.type(' Правка поверх.');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.waitForURL('**/admin/news');
    expect((await admin.app.db.selectFrom('news').select('content').where('id', '=', id).executeTakeFirstOrThrow()).content).toBe(
      '<p>Первый абзац.</p><p>Второй абзац. Моё дополнение. Правка поверх.</p><p>Второй абзац, переписанный другим.</p><p>Третий абзац.</p>',
    );
    await page.context().close();
  });

  it('«Оставить мою» (confirmed) replaces the newer version and is audited as an overwrite; «Взять сохранённую» (confirmed) shows it', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const id = await addNews(headers, { title: 'Исходный заголовок', lead: 'Анонс' });
    const page = await signedIn(MANAGER);

    await openNews(page, id);
    expect((await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title: 'Чужой заголовок' })).statusCode).toBe(200);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Мой заголовок');
    const refused = await formAnswer(page, `/api/admin/news/update/${id}`, () => page.getByRole('button', { name: 'Сохранить', exact: true }).click());
    expect(refused.status(), await refused.text()).toBe(409);
    const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
    await dialog.getByRole('button', { name: 'Оставить мою' }).click();
    await confirmQuickChoice(page, 'Оставить вашу версию в спорных местах?', 'Оставить мою, их правки пропадут');
    await page.waitForURL('**/admin/news');
    expect((await admin.app.db.selectFrom('news').select('title').where('id', '=', id).executeTakeFirstOrThrow()).title).toBe('Мой заголовок');
    const actions = await admin.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual(['add', 'update', 'overwrite']);

    await openNews(page, id, 'Мой заголовок');
    expect((await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title: 'Снова чужой' })).statusCode).toBe(200);
    await page.getByRole('textbox', { name: /^Заголовок/ }).fill('Черновая правка');
    const refusedAgain = await formAnswer(page, `/api/admin/news/update/${id}`, () => page.getByRole('button', { name: 'Сохранить', exact: true }).click());
    expect(refusedAgain.status(), await refusedAgain.text()).toBe(409);
    await page.getByRole('dialog', { name: CONFLICT_TITLE }).getByRole('button', { name: 'Взять сохранённую' }).click();
    const confirm = page.getByRole('dialog', { name: 'Взять сохранённую версию в спорных местах?' });
    expect(await confirm.getByTestId('conflict-confirm-kept').textContent()).toBe('Других ваших правок нет: форма покажет сохранённую версию.');
    await confirm.getByRole('button', { name: 'Взять сохранённую, мои правки пропадут' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Заголовок/ }).inputValue()).toBe('Снова чужой');
    await page.context().close();
  });

  it('the quick choices name the changes they drop and ask first; they decide the overlaps only, what merged by itself stays', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const id = await addNews(headers, {
      title: 'Исходный заголовок',
      lead: 'Исходный анонс',
      content: PARAGRAPHS,
    });
    const page = await signedIn(MANAGER);
    const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
    const theirs = '<p>Первый абзац.</p><p>Второй абзац, переписанный другим.</p><p>Третий абзац.</p>';
    /** The other editor saves a title and the second paragraph while this one edits the lead and that paragraph. */
    const conflictOver = async (title: string, lead: string, shown: string) => {
      await openNews(page, id, shown);
      await postForm(admin.app, `/api/admin/news/update/${id}`, headers, { title, content: theirs });
      await page.getByRole('textbox', { name: /^Анонс/ }).fill(lead);
      await appendToParagraph(page, 'Второй абзац.', ' Моё дополнение.');
      await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
      await dialog.getByTestId('conflict-content#1').waitFor();
    };

    await conflictOver('Заголовок другого', 'Мой анонс', 'Исходный заголовок');
    expect(await dialog.getByTestId('conflict-merged-title').textContent()).toBe('Заголовок: правка из сохранённой версии');
    await dialog.getByRole('button', { name: 'Оставить мою' }).click();
    // Nothing is saved yet: the confirmation names the place whose saved change is lost, with that change.
    const keepMine = page.getByRole('dialog', { name: 'Оставить вашу версию в спорных местах?' });
    expect(await keepMine.getByTestId('conflict-confirm-lost').textContent()).toBe('Текст: «Второй абзац, переписанный другим.»');
    expect(await keepMine.getByTestId('conflict-confirm-kept').textContent()).toBe('Правки, объединённые без вопросов, сохранятся: Заголовок, Анонс.');
    expect((await newsRow(id)).version).toBe(2);
    await keepMine.getByRole('button', { name: 'Вернуться к объединению' }).click();
    await keepMine.waitFor({ state: 'detached' });
    expect((await newsRow(id)).version).toBe(2);
    await dialog.getByRole('button', { name: 'Оставить мою' }).click();
    await confirmQuickChoice(page, 'Оставить вашу версию в спорных местах?', 'Оставить мою, их правки пропадут');
    await page.waitForURL('**/admin/news');
    // The other's title, merged without asking, stays; the paragraph both changed is this editor's.
    expect(await newsRow(id)).toEqual({
      title: typesetText('Заголовок другого'),
      lead: typesetText('Мой анонс'),
      content: '<p>Первый абзац.</p><p>Второй абзац. Моё дополнение.</p><p>Третий абзац.</p>',
      version: 3,
    });

    await conflictOver('Заголовок третий', 'Анонс снова мой', typesetText('Заголовок другого'));
    await dialog.getByRole('button', { name: 'Взять сохранённую' }).click();
    const takeSaved = page.getByRole('dialog', { name: 'Взять сохранённую версию в спорных местах?' });
    expect(await takeSaved.getByTestId('conflict-confirm-lost').textContent()).toBe('Текст: «Второй абзац. Моё дополнение. Моё дополнение.»');
    expect(await takeSaved.getByTestId('conflict-confirm-kept').textContent()).toBe('Остальные ваши правки сохранятся: Анонс.');
    await confirmQuickChoice(page, 'Взять сохранённую версию в спорных местах?', 'Взять сохранённую, мои правки пропадут');
    await page.waitForURL('**/admin/news');
    // The editor's own lead, which conflicted with nothing, is saved with the saved version of the paragraph.
    expect(await newsRow(id)).toEqual({
      title: typesetText('Заголовок третий'),
      lead: typesetText('Анонс снова мой'),
      content: theirs,
      version: 5,
    });
    const actions = await admin.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'news')
      .where('record_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual(['add', 'update', 'overwrite', 'update', 'update']);
    await page.context().close();
  });

  it('«Обе: сначала ваша» keeps the list items nobody touched once, typography aside, and every merged text is shown before saving', async () => {
    const { headers } = await userWithToken(admin.app, 'USER');
    const id = await addNews(headers, {
      title: 'Исходный заголовок',
      content: '<p>Вступление.</p>',
    });
    const list = (...items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ul>`;
    // Stored as typed (an import, say): the other editor's save typesets every item of it.
    await admin.app.db
      .updateTable('news')
      .set({ content: `<p>Вступление.</p>${list('Первый пункт', 'Второй пункт - "без правок"', 'Третий пункт')}` })
      .where('id', '=', id)
      .execute();
    const page = await signedIn(MANAGER);

    await openNews(page, id);
    await postForm(admin.app, `/api/admin/news/update/${id}`, headers, {
      title: 'Заголовок другого',
      content: `<p>Вступление.</p>${list('Первый пункт', 'Второй пункт - "без правок"', 'Третий пункт, переписанный другим')}`,
    });
    await appendToParagraph(page, 'Первый пункт', ', моё');
    await page.getByRole('button', { name: 'Сохранить', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: CONFLICT_TITLE });
    const overlap = dialog.getByTestId('conflict-content#1');
    await overlap.waitFor();

    await overlap.getByRole('radio', { name: 'Обе: сначала ваша' }).check();
    const result = overlap.getByRole('textbox', { name: 'Что сохранится: Текст' });
    await expect
      .poll(() => result.locator('li').allTextContents())
      .toEqual(['Первый пункт, моё', 'Второй пункт - "без правок"', 'Третий пункт, переписанный другим']);
    // The text a field merged without asking will hold is there before saving.
    expect(await dialog.getByTestId('conflict-merged-title-result').textContent()).toBe(typesetText('Заголовок другого'));
    // And the whole text, as it will be saved.
    const whole = dialog.getByRole('group', { name: 'Текст целиком, как сохранится' });
    expect(await whole.textContent()).toContain('Вступление.');
    expect((await whole.textContent())?.match(/Второй пункт/g)).toHaveLength(1);

    await dialog.getByRole('button', { name: 'Сохранить объединённое' }).click();
    await page.waitForURL('**/admin/news');
    const { content } = await newsRow(id);
    expect(content.match(/<li>/g)).toHaveLength(3);
    expect(content.match(/Первый пункт/g)).toHaveLength(1);
    expect(content.match(/Второй пункт/g)).toHaveLength(1);
    expect(content).toContain('Первый пункт, моё');
    expect(content).toContain('Третий пункт, переписанный другим');
    await page.context().close();
  });
});

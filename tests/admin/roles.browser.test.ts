import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@lib/resources/index.js';
import type { Action } from '@lib/resources/rights.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { testDialects } from '../helpers/databases.js';
import { daysAgo } from '../helpers/fixtures.js';
import { logIn, newAdminPage, newSignedInPage, setUpChromiumAdmin, wholeForm } from './chromiumAdmin.js';

/**
 * Roles by section in Debian’s Chromium against the server, on each database: a MANAGER makes three roles on «Роли»
 * (a grid of resources × actions), and each account given one sees only its resources and only the buttons its
 * rights allow.
 */

const EVERYTHING: readonly Action[] = ['read', 'edit', 'publish', 'delete'];

/** The three roles of the issue, each with the grid's rows it ticks (by the resource's Russian name) and its rights. */
const ROLES = {
  press: {
    title: 'Пресс-служба',
    rows: { news: 'Новости', 'media-our': 'Новости компании', 'media-other': 'СМИ о нас', 'media-video': 'Видео' },
    actions: EVERYTHING,
  },
  author: { title: 'Автор', rows: { news: 'Новости' }, actions: ['read', 'edit'] as readonly Action[] },
  investors: {
    title: 'Инвесторам',
    rows: { 'investor-documents': 'Документы для инвесторов', 'investor-events': 'Календарь инвестора', 'text-pages': 'Текстовые страницы' },
    actions: EVERYTHING,
  },
} as const;

type RoleName = keyof typeof ROLES;

const ACTION_LABELS: Record<Action, string> = { read: 'Просмотр', edit: 'Правка', publish: 'Публикация', delete: 'Удаление' };

/** Makes a role from «Роли»'s list, on its create form: its name, its title, its boxes of the grid. */
async function createRole(page: Page, name: RoleName): Promise<void> {
  const role = ROLES[name];
  await page.getByRole('link', { name: 'Создать' }).click();
  await page.getByRole('textbox', { name: /^Имя/ }).fill(name);
  await page.getByRole('textbox', { name: /^Название/ }).fill(role.title);
  for (const label of Object.values(role.rows)) {
    // A row's every action in one box; the others one by one.
    if (role.actions === EVERYTHING) await page.getByRole('checkbox', { name: `${label}: Всё`, exact: true }).check();
    else for (const action of role.actions) await page.getByRole('checkbox', { name: `${label}: ${ACTION_LABELS[action]}`, exact: true }).check();
  }
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/admin/roles') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Сохранить' }).click();
  expect((await saved).status()).toBe(201);
  await page.locator('tr', { hasText: role.title }).waitFor();
}

/** The resources the side menu links to, beside the dashboard, the calendar and the trash every account has. */
async function menuResources(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('menu')
    .locator('a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs
    .map((href) => href.replace(/^\/admin\/?/, ''))
    .filter((name) => name !== '' && name !== 'calendar' && name !== 'trash')
    .sort();
}

const menuOf = (name: RoleName): string[] =>
  Object.keys(ROLES[name].rows)
    .filter((resource) => RESOURCES.some((declared) => declared.name === resource))
    .sort();

describe.each(await testDialects())('roles by section in Chromium on %s', (dialect) => {
  const admin = setUpChromiumAdmin({}, dialect);

  /** An account of the role, signed in on its own page. */
  async function signedInAs(name: RoleName, managerHeaders: Record<string, string>): Promise<Page> {
    const account = await userWithToken(admin.app, 'USER', `${name}-password-1`);
    const given = await admin.app.inject({ method: 'PUT', url: `/api/admin/users/${account.user.id}`, headers: managerHeaders, payload: { role: name } });
    expect(given.statusCode, given.body).toBe(200);
    const { page } = await newAdminPage(admin);
    await logIn(page, account.user.email, account.password);
    await expect.poll(() => menuResources(page)).toEqual(menuOf(name));
    return page;
  }

  async function addNews(headers: Record<string, string>, title: string, published: 0 | 1): Promise<number> {
    const added = await postForm(admin.app, '/api/admin/news/add', headers, { title, lead: 'Анонс новости', public_at: daysAgo(1), published });
    expect(added.statusCode, added.body).toBe(200);
    return Number((added.json() as { data: { id: number } }).data.id);
  }

  const storedNews = (id: number) => admin.app.db.selectFrom('news').select(['title', 'published']).where('id', '=', id).executeTakeFirst();

  async function openNews(page: Page, id: number): Promise<void> {
    await page.goto(`/admin/news/${id}`);
    await wholeForm(page);
  }

  it('a MANAGER makes the press office, author and investor roles on «Роли»; each account sees its sections and the buttons its rights allow', async () => {
    const manager = await userWithToken(admin.app, 'MANAGER');
    const { page: managerPage, errors } = await newSignedInPage(admin);

    // The built-in roles are listed and shown as they are, with nothing to save.
    await managerPage.goto('/admin/roles');
    await managerPage.locator('tr', { hasText: 'Менеджер' }).click();
    await managerPage.getByText(/Встроенная роль/).waitFor();
    expect(await managerPage.getByRole('checkbox', { name: 'Новости: Удаление', exact: true }).isChecked()).toBe(true);
    expect(await managerPage.getByRole('button', { name: 'Сохранить' }).count()).toBe(0);
    // A resource without drafts says that whoever edits it publishes.
    await managerPage.locator('tr[data-resource="redirects"]').getByText('с правкой').waitFor();

    await managerPage.getByRole('menuitem', { name: 'Роли' }).click();
    for (const name of Object.keys(ROLES) as RoleName[]) await createRole(managerPage, name);
    const stored = await admin.app.db.selectFrom('roles').select(['name', 'permissions']).where('builtin', '=', 0).execute();
    expect(Object.fromEntries(stored.map((role) => [role.name, JSON.parse(role.permissions) as unknown]))).toEqual(
      Object.fromEntries(
        (Object.keys(ROLES) as RoleName[]).map((name) => [
          name,
          Object.fromEntries(Object.keys(ROLES[name].rows).map((resource) => [resource, ROLES[name].actions])),
        ]),
      ),
    );

    // «Автор» writes news and changes them, publishes nothing and deletes nothing.
    const author = await signedInAs('author', manager.headers);
    await author.goto('/admin/news/create');
    await author.getByRole('textbox', { name: /^Заголовок/ }).fill('Авторская новость');
    expect(await author.getByRole('button', { name: 'Опубликовать', exact: true }).count()).toBe(0);
    const created = author.waitForResponse((response) => response.url().endsWith('/api/admin/news/add') && response.request().method() === 'POST');
    await author.getByRole('button', { name: 'Сохранить', exact: true }).click();
    expect((await created).status()).toBe(200);
    const ownNews = await admin.app.db.selectFrom('news').select(['id', 'published']).where('title', '=', 'Авторская новость').executeTakeFirstOrThrow();
    expect(ownNews.published).toBe(0);
    const liveId = await addNews(manager.headers, 'Опубликованная новость', 1);
    await openNews(author, liveId);
    expect(await author.getByRole('button', { name: 'Удалить', exact: true }).count()).toBe(0);
    expect(await author.getByRole('button', { name: 'Опубликовать', exact: true }).count()).toBe(0);
    await author.getByRole('textbox', { name: /^Заголовок/ }).fill('Опубликованная новость, правка автора');
    await author
      .getByRole('button', { name: /Сохранить/ })
      .first()
      .click();
    await expect
      .poll(
        async () =>
          (await admin.app.db.selectFrom('record_drafts').select('record_id').where('resource', '=', 'news').where('record_id', '=', liveId).executeTakeFirst())
            ?.record_id,
      )
      .toBe(liveId);
    expect(await storedNews(liveId)).toEqual({ title: 'Опубликованная новость', published: 1 });
    await author.goto('/admin/news');
    await author.locator('tr', { hasText: 'Опубликованная новость' }).waitFor();
    expect(await author.locator('tr', { hasText: 'Опубликованная новость' }).getByRole('button', { name: 'Удалить', exact: true }).count()).toBe(0);

    // «Пресс-служба» publishes and deletes news.
    const press = await signedInAs('press', manager.headers);
    const pressId = await addNews(manager.headers, 'Новость пресс-службы', 0);
    await openNews(press, pressId);
    await press.getByRole('button', { name: 'Опубликовать', exact: true }).click();
    await expect.poll(async () => (await storedNews(pressId))?.published).toBe(1);
    await openNews(press, pressId);
    await press.getByRole('button', { name: 'Удалить', exact: true }).click();
    await press
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Удалить/ })
      .click();
    await expect.poll(() => storedNews(pressId)).toBeUndefined();

    // «Инвесторам» has no news: not in the menu, and the screen is refused.
    const investors = await signedInAs('investors', manager.headers);
    await investors.goto('/admin/news');
    await investors.getByTestId('access-denied').waitFor();

    // A role some account has is not removed: the server's reason shows.
    await managerPage.goto('/admin/roles');
    await managerPage.locator('tr', { hasText: 'Автор' }).click();
    await managerPage.getByRole('button', { name: 'Удалить', exact: true }).click();
    await managerPage
      .getByRole('dialog')
      .getByRole('button', { name: /Подтвердить|Удалить/ })
      .click();
    await managerPage.getByText('Роль назначена учётным записям: сначала назначьте им другую роль.').waitFor();
    expect(errors).toEqual([]);
  });
});

import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../lib/resources/index.js';
import { postForm } from '../api/admin-helpers.js';
import { userWithToken } from '../helpers/auth.js';
import { daysAgo } from '../helpers/fixtures.js';
import { countRequests, settled } from '../helpers/waits.js';
import { logIn, newAdminPage, setUpChromiumAdmin } from './chromiumAdmin.js';

/** Every admin screen in Debian's Chromium at a laptop's and a phone's size: nothing is wider than the window. */

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const LONG_WORD = 'Сверхдлинноесловобезпробеловкотороененавидятвсевёрстки'.repeat(4);

const admin = setUpChromiumAdmin();
let longNewsId: number;

beforeAll(async () => {
  // Content that breaks careless layouts: a word longer than a phone is wide, and a wide table inside rich text.
  const { headers } = await userWithToken(admin.app, 'USER');
  const wideRow = (tag: string) => `<tr>${`<${tag}><p>Столбец таблицы</p></${tag}>`.repeat(12)}</tr>`;
  const added = await postForm(admin.app, '/api/admin/news/add', headers, {
    title: LONG_WORD,
    lead: LONG_WORD,
    content: `<p>${LONG_WORD}</p><table><tbody>${wideRow('th')}${wideRow('td')}</tbody></table>`,
    public_at: daysAgo(1),
  });
  longNewsId = (added.json().data as { id: number }).id;
});

async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
  const { page } = await newAdminPage(admin, { viewport });
  await page.addInitScript(countRequests);
  await logIn(page);
  return page;
}

/**
 * Every screen: the dashboard and the app's own pages, the long item, and each resource's list, create form and first
 * record where it has them (a read-only resource has only its list; one that is only changed has no create form).
 */
const screens = () => [
  '/admin',
  '/admin/trash',
  '/admin/calendar',
  '/admin/profile',
  `/admin/news/${longNewsId}`,
  ...RESOURCES.flatMap((resource) => [
    `/admin/${resource.name}`,
    ...(resource.api === 'read-only' || resource.api === 'update' ? [] : [`/admin/${resource.name}/create`]),
    ...(resource.api === 'read-only' ? [] : [`/admin/${resource.name}/1`]),
  ]),
];

/**
 * Opens `screen` as the admin's own links do, with the app loaded once: the router is told of the new address, and the
 * screen has replaced the one before when the page's title (every screen sets its own) has changed. The first screen,
 * the dashboard, is where signing in leads.
 */
async function open(page: Page, screen: string): Promise<void> {
  if (new URL(page.url()).pathname === screen) return;
  const title = page.locator('#react-admin-title');
  const before = await title.textContent();
  await page.evaluate((path) => {
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate'));
  }, screen);
  try {
    await page.waitForFunction((previous) => {
      const shown = document.querySelector('#react-admin-title')?.textContent;
      return shown !== undefined && shown !== '' && shown !== previous;
    }, before);
  } catch (error) {
    // Say which screen did not come, and what the page showed instead, so that a failure can be reproduced.
    const shown = await page.evaluate(() => ({ path: location.pathname, main: document.querySelector('main')?.textContent?.slice(0, 300) ?? '' }));
    throw new Error(`${screen} did not replace «${before ?? ''}» (at ${shown.path}: «${shown.main}»)`, { cause: error });
  }
}

/** How much wider than the window the page is, once the screen has loaded. */
async function overflowOf(page: Page, screen: string): Promise<number> {
  await open(page, screen);
  // Loaded once nothing is loading any more (lists, forms and the history load after the frame).
  await settled(page);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('admin screens that fit', () => {
  it.each(SIZES)(
    'no screen is wider than the window at $width×$height, whatever the content',
    async (viewport) => {
      const page = await signedIn(viewport);
      const wider: string[] = [];
      for (const screen of screens()) {
        const overflow = await overflowOf(page, screen);
        if (overflow > 0) wider.push(`${screen}: ${overflow}px`);
      }
      expect(wider).toEqual([]);
      await page.context().close();
    },
    400_000,
  );

  it('lists are compact rows on a phone (title, state, date) and a table on a laptop; the form buttons in one row (the others under «Ещё»); the side menu shows whole labels', async () => {
    const phone = await signedIn({ width: 390, height: 844 });
    await phone.goto('/admin/vacancies');
    const rows = phone.getByTestId('one-column-list').locator('li');
    await rows.first().waitFor();
    expect(await phone.locator('table').count()).toBe(0);
    const first = rows.first();
    expect(await first.getByText('Опубликовано', { exact: true }).count()).toBeGreaterThan(0);
    expect(await first.getByText(/^\d\d\.\d\d\.\d{4}, \d\d:\d\d$/).count()).toBe(1);
    expect(await first.getByText('Зарплата от').count()).toBe(0);
    expect((await first.boundingBox())?.height).toBeLessThanOrEqual(110);
    expect(await first.getByRole('button', { name: 'Удалить' }).count()).toBe(1);
    await first.getByRole('link').first().click();
    await phone.waitForURL(/\/admin\/vacancies\/\d+$/);
    await phone.locator('input[name="title"]').fill('Изменённая вакансия');
    // One row: every button's middle at the same height (the removal's icon button is taller than the others).
    const middles = await phone
      .locator('.RaToolbar-mobileToolbar')
      .evaluate((toolbar) => [...toolbar.querySelectorAll('button')].map(({ offsetTop, offsetHeight }) => offsetTop + offsetHeight / 2));
    // «Сохранить» and «Ещё» («Сохранить и продолжить», «Сохранить черновик» for the live vacancy, and the removal).
    expect(middles.length).toBe(2);
    expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
    await phone.context().close();

    const laptop = await signedIn({ width: 1366, height: 900 });
    await laptop.goto('/admin/news');
    await laptop.locator('table').first().waitFor();
    const cut = await laptop.evaluate(() =>
      [...document.querySelectorAll('.RaSidebar-fixed .MuiMenuItem-root')]
        .filter((item) => item.scrollWidth > item.clientWidth)
        .map((item) => item.textContent),
    );
    expect(cut).toEqual([]);
    await laptop.context().close();
  });
});

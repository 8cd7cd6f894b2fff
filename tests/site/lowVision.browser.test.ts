import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOW_VISION_SCHEMES, LOW_VISION_STORAGE_KEY, type LowVisionChoice } from '../../lib/lowVision.js';
import { TEXTS } from '../../lib/siteTexts.js';
import { adminHeaders } from '../api/admin-helpers.js';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { startSite, type RunningSite } from './server.js';

/**
 * The version for the visually impaired in Chromium: every public page type in each colour scheme at the largest size
 * (no horizontal scrolling, axe finds nothing), the choice applied before the first paint after a reload, the same
 * cached HTML for a visitor in the mode as for everyone, no motion.
 */

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let site: RunningSite;
let browser: Browser;
/** Every public page type: an address, or the first record a list page links to (`{ recordOf: list }`). */
const PAGE_TYPES: (string | { recordOf: string })[] = [
  '/',
  '/news',
  { recordOf: '/news' },
  '/media/nashi-novosti',
  { recordOf: '/media/nashi-novosti' },
  '/media/smi-o-nas',
  '/media/video',
  '/media/photobank',
  { recordOf: '/media/photobank' },
  '/investoram',
  '/investoram/informatsiya-dlya-aktsionerov',
  '/investoram/dokumenty',
  '/investoram/kalendar',
  { recordOf: '/investoram/kalendar' },
  '/karera',
  { recordOf: '/karera' },
  '/o-kompanii',
  '/kontakty',
  '/poisk?q=%D0%BA%D0%BE%D0%BC%D0%BF%D0%B0%D0%BD%D0%B8%D1%8F',
  '/net-takoy-stranitsy',
  '/en',
  '/en/news',
];
const typeName = (type: string | { recordOf: string }) => (typeof type === 'string' ? type : `a record of ${type.recordOf}`);
/** The address of each page type, in the order of PAGE_TYPES. */
let pages: string[];

/** The first link on a list page that leads one level deeper: a record page of the list. */
async function firstRecordPath(listPath: string): Promise<string> {
  const html = await (await fetch(`${site.url}${listPath}`)).text();
  const escaped = listPath.replaceAll('/', '\\/');
  const path = new RegExp(`href="(${escaped}/[a-z0-9-]+)"`).exec(html)?.[1];
  if (!path) throw new Error(`${listPath} links no page under it`);
  return path;
}

beforeAll(async () => {
  site = await startSite({ SITE_LOCALES: 'ru,en' });
  browser = await sharedChromium();
  pages = [];
  for (const type of PAGE_TYPES) pages.push(typeof type === 'string' ? type : await firstRecordPath(type.recordOf));
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

/** A browser context whose pages start with the visitor's stored choice (null: the normal version). */
async function contextWith(choice: LowVisionChoice | null, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: site.url, locale: 'ru-RU' });
  await context.route(/youtube-nocookie\.com|rutube\.ru/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }));
  if (choice) await context.addInitScript(`localStorage.setItem(${JSON.stringify(LOW_VISION_STORAGE_KEY)}, ${JSON.stringify(JSON.stringify(choice))})`);
  return context;
}

async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
}

const horizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

interface AxeViolation {
  id: string;
  nodes: { target: string[] }[];
}

/** The rules whose outcome a colour scheme changes: the text's contrast, and links told apart from the text around. */
const COLOUR_RULES = ['color-contrast', 'color-contrast-enhanced', 'link-in-text-block'];

/**
 * axe-core's violations of the page: its default rules and the enhanced (7:1) contrast of WCAG AAA, or only the rules
 * named.
 */
async function axeViolations(page: Page, only?: string[]): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options = only
    ? { runOnly: { type: 'rule', values: only }, resultTypes: ['violations'] }
    : { rules: { 'color-contrast-enhanced': { enabled: true } }, resultTypes: ['violations'] };
  const violations = await page.evaluate(async (options) => {
    const axe = (window as Window & { axe?: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    if (!axe) throw new Error('axe-core did not load');
    return (await axe.run(document, options)).violations;
  }, options);
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

describe('every public page type at 200 %', () => {
  const [firstScheme, ...otherSchemes] = LOW_VISION_SCHEMES;

  // One page goes through every page type, so that the site's scripts are fetched and compiled once, as for a visitor.
  // Each page type is loaded once, in the first scheme (the stored choice, set again at every load), and checked with
  // every axe rule; the panel then switches it to each other scheme, where what can change is the colours: the
  // contrast rules run again, and the page must still fit.
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await contextWith({ size: '3', scheme: firstScheme, images: 'on', spacing: 'normal' }, 1280);
    page = await context.newPage();
  });
  afterAll(() => context?.close());

  it.each(PAGE_TYPES.map((type, index) => ({ name: typeName(type), index })))(
    '$name in every colour scheme: no horizontal scrolling at 1280 px and no axe violation',
    async ({ index }) => {
      const path = pages[index] ?? '';
      await openHydrated(page, path);
      expect(await page.evaluate(() => document.documentElement.dataset.lvScheme), path).toBe(firstScheme);
      expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);

      const texts = TEXTS[path.startsWith('/en') ? 'en' : 'ru'].lowVision;
      const panel = page.getByRole('region', { name: texts.panel });
      for (const scheme of otherSchemes) {
        await panel.getByRole('button', { name: texts.schemes[scheme] }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.lvScheme)).toBe(scheme);
        expect(await horizontalOverflow(page), `${path} in «${scheme}» scrolls sideways`).toBeLessThanOrEqual(0);
        expect(await axeViolations(page, COLOUR_RULES), `${path} in «${scheme}»`).toEqual([]);
      }
    },
  );

  it('with images hidden and wider spacing too: no horizontal scrolling, no axe violation, alt texts in place of pictures', async () => {
    const context = await contextWith({ size: '3', scheme: 'black-on-white', images: 'off', spacing: 'wide' }, 1280);
    const page = await context.newPage();
    for (const path of pages) {
      await openHydrated(page, path);
      expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await axeViolations(page), path).toEqual([]);
      expect(await page.locator('img:visible').count(), path).toBe(0);
    }
    await openHydrated(page, '/');
    const alt = await page.locator('main img[alt]:not([alt=""])').first().getAttribute('alt');
    expect(alt).toBeTruthy();
    await expect
      .poll(() =>
        page
          .locator('main .lv-alt', { hasText: alt ?? '' })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await context.close();
  });

  it('the normal version has no horizontal scrolling at 320 px', async () => {
    const context = await contextWith(null, 320);
    const page = await context.newPage();
    for (const path of pages) {
      await openHydrated(page, path);
      expect(await horizontalOverflow(page), `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
    await context.close();
  });
});

describe('the switch and the panel', () => {
  it('the switch is among the first Tab stops; the chosen size and scheme hold after a reload, already at DOMContentLoaded', async () => {
    const context = await contextWith(null, 1280);
    const page = await context.newPage();
    await openHydrated(page, '/');
    const switchButton = page.getByRole('button', { name: 'Версия для слабовидящих' });
    let reached = false;
    for (let stop = 0; stop < 3 && !reached; stop += 1) {
      await page.keyboard.press('Tab');
      reached = await switchButton.evaluate((button) => button === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    const panel = page.getByRole('region', { name: 'Настройки версии для слабовидящих' });
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await switchButton.getAttribute('aria-pressed')).toBe('true');
    await panel.getByRole('button', { name: '200 %' }).click();
    await panel.getByRole('button', { name: 'Белым по чёрному' }).click();
    const bodyFontSize = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
    await expect.poll(bodyFontSize).toBe('32px');

    // After a reload (what following a link does on this site) the page is in the mode before anything runs but the
    // head's inline script: the styles computed at DOMContentLoaded are the mode's already.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const style = getComputedStyle(document.body);
        sessionStorage.setItem('test:at-dcl', JSON.stringify({ fontSize: style.fontSize, color: style.color, background: style.backgroundColor }));
      });
    });
    await page.getByRole('link', { name: 'Все новости' }).first().click();
    await page.waitForURL('**/news');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
    expect(JSON.parse((await page.evaluate(() => sessionStorage.getItem('test:at-dcl'))) ?? 'null')).toEqual({
      fontSize: '32px',
      color: 'rgb(255, 255, 255)',
      background: 'rgb(0, 0, 0)',
    });
    await expect.poll(() => panel.getByRole('button', { name: '200 %' }).getAttribute('aria-pressed')).toBe('true');

    await panel.getByRole('button', { name: 'Обычная версия' }).click();
    await expect.poll(() => panel.isVisible()).toBe(false);
    await expect.poll(bodyFontSize).toBe('16px');
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.lv)).toBeUndefined();
    await context.close();
  });

  it('English pages name the switch in English', async () => {
    const context = await contextWith(null, 1280);
    const page = await context.newPage();
    await openHydrated(page, '/en');
    await expect.poll(() => page.getByRole('button', { name: 'Version for the visually impaired' }).isVisible()).toBe(true);
    await context.close();
  });

  it('a visitor in the mode gets the same cached HTML as everyone', async () => {
    const path = '/o-kompanii';
    const normal = await fetch(`${site.url}${path}`);
    const normalHtml = await normal.text();
    const context = await contextWith({ size: '3', scheme: 'blue-on-light-blue', images: 'off', spacing: 'wide' }, 1280);
    const page = await context.newPage();
    const response = await page.goto(path);
    if (!response) throw new Error('no answer');
    expect(response.headers()['cache-status']).toMatch(/hit/);
    expect(await response.text()).toBe(normalHtml);
    expect(await page.evaluate(() => document.documentElement.dataset.lvScheme)).toBe('blue-on-light-blue');
    await context.close();
  });
});

describe('motion', () => {
  const progressTransition = (page: Page) => page.evaluate(() => getComputedStyle(document.querySelector('.progress') ?? document.body).transitionDuration);

  it('transitions are off in the mode and where the system asks for less motion, on otherwise', async () => {
    const normal = await contextWith(null, 1280);
    const normalPage = await normal.newPage();
    await openHydrated(normalPage, '/');
    expect(await progressTransition(normalPage)).not.toBe('0s');
    await normalPage.emulateMedia({ reducedMotion: 'reduce' });
    expect(await progressTransition(normalPage)).toBe('0s');
    await normal.close();

    const inMode = await contextWith({ size: '1', scheme: 'black-on-white', images: 'on', spacing: 'normal' }, 1280);
    const modePage = await inMode.newPage();
    await openHydrated(modePage, '/');
    expect(await progressTransition(modePage)).toBe('0s');
    await inMode.close();
  });
});

describe('«Настройки сайта»', () => {
  it('a MANAGER turns the version off for every page, the stored choice with it, and on again', async () => {
    const manager = await adminHeaders(site.app, 'MANAGER');
    const put = (headers: Record<string, string>, payload: { low_vision: boolean }) =>
      site.app.inject({ method: 'PUT', url: '/api/admin/settings/site', headers, payload });

    const context = await contextWith({ size: '3', scheme: 'white-on-black', images: 'on', spacing: 'normal' }, 1280);
    const page = await context.newPage();
    await openHydrated(page, '/kontakty');
    expect(await page.evaluate(() => document.documentElement.dataset.lvScheme)).toBe('white-on-black');

    const off = await put(manager, { low_vision: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ data: { low_vision: false } });
    await openHydrated(page, '/kontakty');
    expect(await page.getByRole('button', { name: 'Версия для слабовидящих' }).count()).toBe(0);
    // Without the head's script the stored choice is not applied either.
    expect(await page.evaluate(() => document.documentElement.dataset.lvScheme)).toBeUndefined();

    expect((await put(manager, { low_vision: true })).statusCode).toBe(200);
    await openHydrated(page, '/kontakty');
    expect(await page.getByRole('button', { name: 'Версия для слабовидящих' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.dataset.lvScheme)).toBe('white-on-black');
    await context.close();
  });
});

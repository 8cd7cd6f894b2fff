import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METRIKA_TAG_URL } from '../../site/client/counters/metrika.js';
import { startSite, type RunningSite } from './server.js';

/**
 * The consent banner in Debian's Chromium, with YANDEX_METRIKA_ID set: nothing of Metrika loads before the visitor
 * accepts; «Принять» loads the counter (the page reloads, so that its CSP lets the counter in), the choice is
 * remembered, and «Только необходимые» never loads it. Metrika's addresses are answered locally: no test reaches
 * the network, and every request to them is recorded.
 */

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const COUNTER_ID = '12345678';
const BANNER = '[data-testid="cookie-consent"]';
const TAG = `script[src="${METRIKA_TAG_URL}"]`;

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite({ YANDEX_METRIKA_ID: COUNTER_ID });
  browser = await sharedChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

interface Visit {
  page: Page;
  context: BrowserContext;
  /** Every request made to Metrika's hosts, in order. */
  metrika: string[];
  /** CSP violations the page reported. */
  violations: string[];
}

const hydrated = (page: Page) => page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);

async function visit(url: string, viewport = { width: 1340, height: 900 }): Promise<Visit> {
  const context = await browser.newContext({ viewport, baseURL: site.url, locale: 'ru-RU' });
  const metrika: string[] = [];
  // A stand-in for tag.js that shows it ran; any other address of the counter gets an empty answer.
  await context.route(/^https:\/\/(mc\.yandex\.(ru|com)|yastatic\.net)\//, async (route) => {
    metrika.push(route.request().url());
    const isTag = route.request().url() === METRIKA_TAG_URL;
    await route.fulfill({ status: 200, contentType: 'text/javascript', body: isTag ? 'window.__metrikaTagRan = true;' : '' });
  });
  const page = await context.newPage();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await page.goto(url);
  await hydrated(page);
  return { page, context, metrika, violations };
}

const bannerShown = (page: Page) => page.locator(BANNER).isVisible();
const tagCount = (page: Page) => page.locator(TAG).count();
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((cookie) => cookie.name === 'cookie_consent');

/**
 * Whether the banner showed on this load of the page before the visitor asked for it. The banner's chunk, loaded
 * after hydration, decides whether to start the counter and then whether to show the banner; «Настройки cookie» goes
 * through the same loading after the banner, so once it has opened the banner, that decision was made before. Every
 * change of the banner is noted meanwhile; the banner is left open.
 */
async function shownUnasked(page: Page): Promise<boolean> {
  type Noting = Window & { __banner?: { shown: boolean; asked: boolean }[]; __asked?: boolean };
  await page.evaluate((selector) => {
    const w = window as Noting;
    const banner = document.querySelector<HTMLElement>(selector);
    if (!banner) throw new Error('no banner');
    w.__banner = [{ shown: !banner.hidden, asked: false }];
    new MutationObserver(() => w.__banner?.push({ shown: !banner.hidden, asked: w.__asked === true })).observe(banner, {
      attributes: true,
      attributeFilter: ['hidden'],
    });
  }, BANNER);
  await page.evaluate(() => ((window as Noting).__asked = true));
  await page.getByRole('button', { name: 'Настройки cookie' }).click();
  await expect.poll(() => bannerShown(page)).toBe(true);
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Принять');
  const changes = await page.evaluate(() => (window as Noting).__banner ?? []);
  return changes.some((change) => change.shown && !change.asked);
}

/** Clicks a banner button that reloads the page, and waits for the new page to hydrate. */
async function clickAndReload(page: Page, name: string): Promise<void> {
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name }).click()]);
  await hydrated(page);
}

describe('cookie consent', () => {
  it('loads nothing before consent; «Принять» loads the counter, and the choice is remembered after a reload', async () => {
    const { page, context, metrika, violations } = await visit('/');
    const banner = page.getByRole('region', { name: 'Согласие на cookie' });
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: 'политике конфиденциальности' }).getAttribute('href')).toBe('/politika-konfidentsialnosti');
    // The banner shows once its chunk has decided, and the chunk decides on the counter just before: it is not started.
    expect(await tagCount(page)).toBe(0);
    expect(await page.evaluate(() => 'ym' in window)).toBe(false);
    expect(metrika).toEqual([]);

    await clickAndReload(page, 'Принять');
    await page.locator(TAG).waitFor({ state: 'attached' });
    await expect.poll(() => metrika).toContain(METRIKA_TAG_URL);
    // The tag ran: the reloaded page's CSP lets it in.
    await expect.poll(() => page.evaluate(() => (window as Window & { __metrikaTagRan?: boolean }).__metrikaTagRan === true)).toBe(true);
    expect(await bannerShown(page)).toBe(false);
    const cookie = await consentCookie(context);
    expect(cookie?.value).toBe('analytics');
    // Kept for a year (give or take the test's own duration).
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    const init = await page.evaluate(() => JSON.stringify((window as Window & { ym?: { a?: unknown[] } }).ym?.a));
    expect(JSON.parse(init)).toContainEqual([Number(COUNTER_ID), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true }]);

    // The page a link leads to starts the counter again, which counts that page.
    await page.locator('a[href="/news"]').first().click();
    await page.waitForURL('**/news');
    await hydrated(page);
    await page.locator(TAG).waitFor({ state: 'attached' });
    await expect
      .poll(() => page.evaluate(() => JSON.stringify((window as Window & { ym?: { a?: unknown[][] } }).ym?.a?.map((call) => call[1]))))
      .toBe(JSON.stringify(['init']));

    await page.reload();
    await hydrated(page);
    await page.locator(TAG).waitFor({ state: 'attached' });
    expect(await bannerShown(page)).toBe(false);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('«Только необходимые» closes the banner without loading the counter, now and after a reload', async () => {
    const { page, context, metrika, violations } = await visit('/news');
    await page.locator(BANNER).waitFor();
    await page.evaluate(() => ((window as Window & { __mark?: number }).__mark = 1));
    await page.getByRole('button', { name: 'Только необходимые' }).click();
    await expect.poll(() => bannerShown(page)).toBe(false);
    // No reload was needed: the page was loaded without the counter, and stays so.
    expect(await page.evaluate(() => (window as Window & { __mark?: number }).__mark)).toBe(1);
    expect((await consentCookie(context))?.value).toBe('necessary');
    await page.reload();
    await hydrated(page);
    expect(await shownUnasked(page)).toBe(false);
    expect(await tagCount(page)).toBe(0);
    expect(metrika).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });

  it('«Настройки cookie» in the footer opens the banner again; withdrawing consent stops the counter and erases its cookies', async () => {
    const { page, context, metrika } = await visit('/');
    await clickAndReload(page, 'Принять');
    await page.locator(TAG).waitFor({ state: 'attached' });
    await page.evaluate(() => (document.cookie = '_ym_uid=1; Path=/'));

    const settings = page.getByRole('button', { name: 'Настройки cookie' });
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => bannerShown(page)).toBe(true);
    // Focus moves into the banner, on its first button (once the banner has rendered, which a busy machine may delay).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Принять');

    const requestsBefore = metrika.length;
    await clickAndReload(page, 'Только необходимые');
    expect(await shownUnasked(page)).toBe(false);
    expect(await tagCount(page)).toBe(0);
    expect(metrika.length).toBe(requestsBefore);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('_ym_uid');
    expect((await consentCookie(context))?.value).toBe('necessary');
    await context.close();
  });

  it('on a phone the banner is a small card at the bottom that leaves most of the screen free', async () => {
    const { page, context } = await visit('/', { width: 390, height: 844 });
    await page.locator(BANNER).waitFor();
    const box = await page.locator(BANNER).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.height ?? 844).toBeLessThan(844 * 0.3);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(844);
    await page.screenshot({ path: path.join(ARTIFACTS, 'consent-banner-mobile.png') });
    await context.close();
  });
});

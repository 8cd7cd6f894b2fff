import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NETWORK_TOAST, TIMEOUT_TOAST, TOAST_DURATION_MS } from '../../lib/site.js';
import { CHUNK_RELOAD_KEY } from '../../site/client/chunkGuard.js';
import { gate } from '../helpers/waits.js';
import { startSite, type RunningSite } from './server.js';

/** The built site in Debian's Chromium: following links, prefetch, chunk guard, toasts, video, photobank, screenshots. */

const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');
const ARTICLE = '/news/smart-horizont-rezident-proekta-skolkovo';

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await sharedChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

async function open(
  path: string,
  options: { width?: number; height?: number; init?: string; context?: (context: BrowserContext) => Promise<void> } = {},
): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: { width: options.width ?? 1340, height: options.height ?? 900 }, baseURL: site.url, locale: 'ru-RU' });
  // Videos point at an external player: answer it locally so no test reaches the network.
  await context.route(/youtube-nocookie\.com|rutube\.ru/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>player</p>' }));
  if (options.init) await context.addInitScript(options.init);
  if (options.context) await options.context(context);
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
  return { page, context };
}

/**
 * A page script that makes `navigator[property]` answer `value`, and counts in `window.__asked` how often it was read:
 * the prefetcher reads it when it decides whether to prefetch at all, so a read shows that the decision was made.
 */
const answering = (property: 'connection' | 'onLine', value: unknown) =>
  `Object.defineProperty(navigator, ${JSON.stringify(property)}, { configurable: true, get: () => { window.__asked = (window.__asked ?? 0) + 1; return ${JSON.stringify(value)}; } });`;

/** Waits until the prefetcher has read what the page script of `answering` answers: it has decided whether to prefetch. */
const prefetcherAsked = (page: Page) => page.waitForFunction(() => ((window as Window & { __asked?: number }).__asked ?? 0) > 0);

describe('following links', () => {
  it('shows the progress bar while the next page loads, and the page opens at its top', async () => {
    const { page, context } = await open('/news');
    // The next page comes only once the test lets it: once the page being left has told that its bar has fully
    // shown (and noted it in the tab's storage, which the next page still reads).
    const nextPage = gate();
    const barShown = gate();
    await page.route(
      (url) => url.pathname === '/news' && url.search === '?page=2',
      async (route) => {
        if (route.request().isNavigationRequest()) await nextPage.opened;
        await route.continue();
      },
    );
    await page.exposeFunction('__progressShown', barShown.open);
    await page.evaluate(() => {
      const bar = document.querySelector('.progress');
      bar?.addEventListener('transitionend', () => {
        if (bar && getComputedStyle(bar).opacity === '1' && document.documentElement.classList.contains('is-navigating')) {
          sessionStorage.setItem('test:progress-shown', 'yes');
          void (window as Window & { __progressShown?: () => Promise<void> }).__progressShown?.();
        }
      });
      window.scrollTo(0, document.body.scrollHeight);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    // The click waits for the next page to start loading, which the test lets happen once the bar has shown. The page
    // tells it through a binding: Playwright runs no script in a page whose next page is on its way.
    const clicked = page.locator('.pagination a[aria-label="Страница 2"]').click();
    await barShown.opened;
    nextPage.open();
    await clicked;
    await page.waitForURL('**/news?page=2');
    await expect.poll(() => page.title()).toBe('Новости - страница 2 | Смарт Горизонт');
    expect(await page.evaluate(() => sessionStorage.getItem('test:progress-shown'))).toBe('yes');
    expect(await page.evaluate(() => document.documentElement.classList.contains('is-navigating'))).toBe(false);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('no progress bar for a link the page handles itself or one opening a new tab', async () => {
    const { page, context } = await open('/news');
    await page.evaluate(() => {
      const main = document.querySelector('main');
      const own = Object.assign(document.createElement('a'), { href: '/news?page=2', textContent: 'Своя ссылка' });
      own.addEventListener('click', (event) => event.preventDefault());
      const newTab = Object.assign(document.createElement('a'), { href: '/news?page=3', textContent: 'В новой вкладке', target: '_blank' });
      newTab.addEventListener('click', (event) => event.preventDefault());
      main?.append(own, newTab);
    });
    // The page's clock is the test's and stands still: the bar's short delay (it shows only for a page that does not
    // come at once) passes when the test runs it out, instead of being waited for.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    const navigating = () => page.evaluate(() => document.documentElement.classList.contains('is-navigating'));
    await page.getByRole('link', { name: 'Своя ссылка' }).click();
    await page.getByRole('link', { name: 'В новой вкладке' }).click();
    await page.clock.runFor(1000);
    expect(await navigating()).toBe(false);
    // The same time does show the bar for a link to another page of the site (kept from leaving here by a listener
    // that comes after the bar's).
    await page.evaluate(() => window.addEventListener('click', (event) => event.preventDefault()));
    await page.locator('.pagination a[aria-label="Страница 2"]').click();
    expect(await navigating()).toBe(false);
    await page.clock.runFor(1000);
    expect(await navigating()).toBe(true);
    await context.close();
  });

  it('an article link leads to the article page', async () => {
    const { page, context } = await open('/');
    await page.locator(`a[href="${ARTICLE}"]`).first().click();
    await page.waitForURL(`**${ARTICLE}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('«Смарт Горизонт» стал резидентом проекта «Сколково»');
    await context.close();
  });

  it('the main menu marks the page it led to as current', async () => {
    const { page, context } = await open('/');
    const link = page.locator('#main-nav a.nav__link:not([href="/"])').first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(await link.getAttribute('aria-current')).toBeNull();
    await link.click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.locator(`#main-nav a.nav__link[href="${href}"]`).getAttribute('aria-current')).toBe('page');
    expect(await page.locator('#main-nav a.nav__link').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('a link to /admin on a public page loads the admin app', async () => {
    const { page, context } = await open('/o-kompanii');
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/admin';
      link.textContent = 'Управление сайтом';
      document.querySelector('main')?.append(link);
    });
    await page.getByRole('link', { name: 'Управление сайтом' }).click();
    await page.getByRole('button', { name: 'Войти' }).waitFor();
    expect(await page.title()).toBe('Управление сайтом');
    await context.close();
  });
});

describe('prefetch', () => {
  const entryRequests = (page: Page) => {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/entries\/site_pages_/.test(request.url())) urls.push(request.url());
    });
    return urls;
  };

  it('prefetches visible links after an idle callback, and links below the fold only once they are scrolled into view', async () => {
    const { page, context } = await open('/', { height: 700 });
    await page.waitForFunction(() => document.querySelectorAll('a[data-prefetched]').length > 0);
    const footerLink = page.locator('footer a[href="/politika-konfidentsialnosti"]');
    expect(await footerLink.getAttribute('data-prefetched')).toBeNull();
    expect(await page.locator('.topbar a[href="/news"]').getAttribute('data-prefetched')).toBe('true');
    await footerLink.scrollIntoViewIfNeeded();
    await expect.poll(() => footerLink.getAttribute('data-prefetched')).toBe('true');
    await context.close();
  });

  it('loads a visible link’s page before it is clicked, and its code once the link has the keyboard’s focus', async () => {
    const context = await browser.newContext({ viewport: { width: 1340, height: 900 }, baseURL: site.url });
    const page = await context.newPage();
    const urls = entryRequests(page);
    const documents: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'fetch') documents.push(new URL(request.url()).pathname);
    });
    await page.goto('/media/nashi-novosti');
    await expect.poll(() => documents.includes('/media/photobank')).toBe(true);
    expect(urls.filter((url) => url.includes('media_photobank'))).toEqual([]);
    await page.locator('.tabs__tab[href="/media/photobank"]').focus();
    await expect.poll(() => urls.some((url) => url.includes('media_photobank'))).toBe(true);
    await context.close();
  });

  it.each([
    ['on 2g', answering('connection', { effectiveType: '2g', saveData: false })],
    ['with data saving on', answering('connection', { effectiveType: '4g', saveData: true })],
  ])('does not prefetch %s', async (_name, init) => {
    const { page, context } = await open('/media/nashi-novosti', { init });
    const urls = entryRequests(page);
    // The prefetcher looks at the connection once it starts (at an idle moment after hydration), and stops there.
    await prefetcherAsked(page);
    expect(await page.locator('a[data-prefetched]').count()).toBe(0);
    expect(urls.filter((url) => url.includes('media_photobank'))).toEqual([]);
    await context.close();
  });

  it('does not prefetch offline', async () => {
    const { page, context } = await open('/media/nashi-novosti', { init: answering('onLine', false) });
    await prefetcherAsked(page);
    expect(await page.locator('a[data-prefetched]').count()).toBe(0);
    await context.close();
  });
});

describe('chunk-reload guard', () => {
  it('reloads the page once when a code chunk fails to load, and not again within 60 s', async () => {
    const context = await browser.newContext({ viewport: { width: 1340, height: 900 }, baseURL: site.url });
    let documents = 0;
    await context.route('**/assets/entries/site_pages_-public-_news.*.js', (route) => route.abort('failed'));
    // Each load notes the guard's stamp as the load found it, and when the guard has been told of the failed chunk:
    // this listener comes before the guard's (added by the page), and its microtask runs once both have run.
    await context.addInitScript((key) => {
      const w = window as Window & { __stampAtStart?: string | null; __guardTold?: boolean };
      w.__stampAtStart = sessionStorage.getItem(key);
      window.addEventListener('vite:preloadError', () => queueMicrotask(() => (w.__guardTold = true)));
    }, CHUNK_RELOAD_KEY);
    const page = await context.newPage();
    page.on('request', (request) => {
      if (request.isNavigationRequest() && new URL(request.url()).pathname === '/news') documents++;
    });
    await page.goto('/news');
    await expect.poll(() => documents).toBe(2);
    // The second load fails the same way; the guard lets it be: it was told, and wrote no new stamp (it writes one
    // just before each reload it makes).
    await page.waitForFunction(() => (window as Window & { __guardTold?: boolean }).__guardTold === true);
    const [atStart, now] = await page.evaluate(
      (key) => [(window as Window & { __stampAtStart?: string | null }).__stampAtStart ?? null, sessionStorage.getItem(key)],
      CHUNK_RELOAD_KEY,
    );
    expect(atStart).not.toBeNull();
    expect(now).toBe(atStart);
    expect(documents).toBe(2);
    const stamp = Number(await page.evaluate((key) => sessionStorage.getItem(key), CHUNK_RELOAD_KEY));
    expect(Date.now() - stamp).toBeLessThan(60_000);
    await context.close();
  });
});

describe('toasts', () => {
  it('shows the network error toast at the top centre for 5000 ms when loading more fails', async () => {
    const { page, context } = await open('/news');
    // The page's clock is the test's and stands still: the toast's 5000 ms pass when the test moves it.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1000);
    await page.route('**/api/news/items*', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    const toast = page.locator('.toast');
    await expect.poll(() => toast.textContent()).toContain(NETWORK_TOAST);
    const box = await toast.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.y).toBeLessThan(40);
      expect(Math.abs(box.x + box.width / 2 - 670)).toBeLessThan(4);
    }
    await page.clock.runFor(TOAST_DURATION_MS - 1);
    expect(await toast.count()).toBe(1);
    await page.clock.runFor(1);
    await toast.waitFor({ state: 'detached' });
    await context.close();
  });

  it('shows the timeout toast when the error message mentions a timeout', async () => {
    const { page, context } = await open('/news');
    await page.route('**/api/news/items*', (route) =>
      route.fulfill({ status: 504, contentType: 'application/json', body: JSON.stringify({ message: 'Gateway TIMEOUT' }) }),
    );
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    await expect.poll(() => page.locator('.toast').textContent()).toContain(TIMEOUT_TOAST);
    await context.close();
  });

  it('“Показать ещё” appends the next page from the API', async () => {
    const { page, context } = await open('/news');
    const before = await page.locator('[data-testid="news-list"] .card').count();
    await page.getByRole('button', { name: 'Показать ещё' }).click();
    await expect.poll(() => page.locator('[data-testid="news-list"] .card').count()).toBeGreaterThan(before);
    await context.close();
  });
});

describe('media tabs', () => {
  it('the video tab lists fixed videos first and loads a player only when asked', async () => {
    const { page, context } = await open('/media/video');
    const fixed = await page.locator('[data-testid="video-list"] > li').evaluateAll((items) => items.map((item) => item.getAttribute('data-fixed')));
    expect(fixed.slice(0, 2)).toEqual(['true', 'true']);
    expect(fixed.slice(2).every((value) => value === 'false')).toBe(true);
    expect(await page.locator('iframe').count()).toBe(0);
    await page.locator('.player--preview').first().click();
    await expect.poll(() => page.locator('iframe').count()).toBe(1);
    expect(await page.locator('iframe').getAttribute('src')).toContain('autoplay=1');
    await context.close();
  });

  it('the press tab links to external articles with their sources', async () => {
    const { page, context } = await open('/media/smi-o-nas');
    const first = page.locator('[data-testid="press-list"] .press__item').first();
    expect(await first.locator('a').getAttribute('target')).toBe('_blank');
    expect(await first.locator('a').getAttribute('href')).toMatch(/^https?:\/\//);
    expect(await first.locator('.press__source').textContent()).toBeTruthy();
    await context.close();
  });

  it('the photobank lists logos with per-file sizes in MB, copies colour values on click, and downloads the archive', async () => {
    const { page, context } = await open('/media/photobank', {
      context: (c) => c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url }),
    });
    const files = page.locator('.logo-item .file-link');
    expect(await files.count()).toBeGreaterThan(0);
    expect(await files.first().locator('.file-link__size').textContent()).toMatch(/^\d+,\d\u00a0МБ$/);
    expect(await files.first().getAttribute('download')).not.toBeNull();
    const colour = page.locator('.colour').first();
    expect(await colour.locator('dt').allTextContents()).toEqual(['HEX', 'RGB', 'CMYK', 'Pantone']);
    await colour.locator('.colour__value').first().click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('#0B5CAD');
    await expect.poll(() => page.locator('.toast').textContent()).toContain('Скопировано');
    expect(await page.locator('.photo img').count()).toBeGreaterThan(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('logo-archive').click()]);
    expect(download.suggestedFilename()).toBe('logos.zip');
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 2).toString('latin1')).toBe('PK');
    await context.close();
  });
});

describe('look', () => {
  it.each([375, 1340])('screenshots of home, news, article and photobank at %i px, without horizontal scrolling', async (width) => {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: site.url, deviceScaleFactor: 1 });
    const page = await context.newPage();
    for (const [name, url] of [
      ['home', '/'],
      ['news', '/news'],
      ['article', ARTICLE],
      ['photobank', '/media/photobank'],
    ] as const) {
      await page.goto(url);
      await page.evaluate(async () => {
        // Every lazy image loads now, as if scrolled to, and the full-page screenshot waits for all of them.
        for (const image of document.images) image.loading = 'eager';
        await Promise.all(
          [...document.images].map((image) =>
            image.complete
              ? null
              : new Promise((resolve) => {
                  image.addEventListener('load', resolve, { once: true });
                  image.addEventListener('error', resolve, { once: true });
                }),
          ),
        );
        await document.fonts.ready;
      });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${url} at ${width}px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}.png`), fullPage: true });
    }
    await context.close();
  });

  it('the mobile menu opens with the burger button', async () => {
    const { page, context } = await open('/', { width: 375 });
    const nav = page.locator('#main-nav');
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect.poll(() => nav.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Закрыть меню' }).getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });
});

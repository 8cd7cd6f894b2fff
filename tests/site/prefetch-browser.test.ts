import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, postForm } from '../api/admin-helpers.js';
import { CHROMIUM_ARGS, startSite, type RunningSite } from './server.js';

/**
 * Prefetched pages in a browser: the page arrives once its link is visible, its code when the visitor points at the
 * link (not before: the first visit loads this page's code only), and a change made since still shows.
 */

let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  site = await startSite();
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

describe('a prefetched page', () => {
  it('arrives before the click, its code once the link is pointed at, and is asked for again when followed, so that an editor’s save shows', async () => {
    const context = await browser.newContext({ viewport: { width: 1340, height: 900 }, baseURL: site.url });
    const page = await context.newPage();
    const prefetched: string[] = [];
    page.on('requestfinished', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'fetch' && url.pathname === '/news') prefetched.push('document');
      if (/\/assets\/entries\/site_pages_-public-_news\./.test(url.pathname)) prefetched.push('code');
    });
    await page.goto('/');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true);
    await expect.poll(() => prefetched.includes('document'), { timeout: 10_000 }).toBe(true);
    // The other prefetches of the page settle: none of them brings the next page's code.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(prefetched).not.toContain('code');

    const link = page.locator('.topbar a[href="/news"]');
    await link.hover();
    await expect.poll(() => prefetched.includes('code'), { timeout: 10_000 }).toBe(true);

    const response = await postForm(site.app, '/api/admin/news/add', await adminHeaders(site.app), {
      title: 'Новость, сохранённая после предзагрузки',
      public_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(response.statusCode, response.body).toBe(200);

    const document = page.waitForResponse((answer) => answer.request().isNavigationRequest() && new URL(answer.url()).pathname === '/news');
    await link.click();
    await document;
    await expect.poll(() => page.locator('main').textContent()).toContain('Новость, сохранённая после предзагрузки');
    await context.close();
  });
});

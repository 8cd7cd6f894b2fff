import { type Browser } from 'playwright-core';
import { sharedChromium, releaseChromium } from '../helpers/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, postForm } from '../api/admin-helpers.js';
import { untilFormFilledLongEnough } from '../helpers/waits.js';
import { startSite, type RunningSite } from './server.js';

/** The English pages in a browser: they hydrate, lead to each other within English, and switch to Russian. */

let site: RunningSite;
let browser: Browser;
let russianSlug: string;

beforeAll(async () => {
  site = await startSite({ SITE_LOCALES: 'ru,en' });
  const headers = await adminHeaders(site.app, 'USER');
  const response = await postForm(site.app, '/api/admin/news/add', headers, {
    title: 'Акционеры одобрили дивиденды',
    public_at: '2026-03-12T09:00:00.000Z',
    translations: JSON.stringify({ en: { title: 'Shareholders approve dividends', slug: 'shareholders-approve-dividends' } }),
  });
  expect(response.statusCode, response.body).toBe(200);
  russianSlug = (response.json() as { data: { slug: string } }).data.slug;
  browser = await sharedChromium();
}, 240_000);

afterAll(async () => {
  await releaseChromium(browser);
  await site?.close();
});

describe('English pages in a browser', () => {
  it('hydrate, lead to the English list, and switch to the Russian page', async () => {
    const context = await browser.newContext({ baseURL: site.url, locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en/news/shareholders-approve-dividends');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true, undefined);
    await page.locator('.breadcrumbs a[href="/en/news"]').click();
    await page.waitForURL('**/en/news');
    await expect.poll(() => page.locator('h1').textContent()).toBe('News');
    // vike-react sets `<html lang>` once the new page has rendered, a moment after its heading shows.
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.locator('.language-switch a[hreflang="ru"]').click();
    await page.waitForURL('**/news');
    await expect.poll(() => page.locator('h1').textContent()).toBe('Новости');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await page.goto(`/news/${russianSlug}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Акционеры одобрили дивиденды');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hydrate the English home page (the demo has English), lead to a media tab and tell a refused form in English', async () => {
    const context = await browser.newContext({ baseURL: site.url, locale: 'en-GB' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/en');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true, undefined);
    await expect.poll(() => page.locator('#home-news').textContent()).toBe('News');
    expect(await page.locator('[data-testid="home-news"] a[href="/en/news/smart-horizon-skolkovo-resident"]').count()).toBeGreaterThan(0);
    await page.locator('.highlights a[href="/en/media/video"]').click();
    await page.waitForURL('**/en/media/video');
    await expect.poll(() => page.locator('.tabs__tab--current').textContent()).toBe('Video');
    expect(await page.locator('.video__title').allTextContents()).toEqual(['Company presentation']);

    await page.goto('/en/kontakty');
    await page.waitForFunction(() => (window as Window & { __siteHydrated?: boolean }).__siteHydrated === true, undefined);
    // A form sent sooner than a person fills it is taken for a robot's: the visitor takes a moment.
    await untilFormFilledLongEnough(site.app, page.locator('form.enquiry'));
    await page.locator('.enquiry button[type="submit"]').click();
    await expect.poll(() => page.locator('.enquiry__notice').textContent()).toContain('Check the form');
    expect(await page.locator('#enquiry-name-error').textContent()).toBe('Enter your name.');
    expect(await page.locator('#enquiry-consent-error').textContent()).toBe('An enquiry cannot be sent without consent to the processing of personal data.');
    expect(errors).toEqual([]);
    await context.close();
  });
});

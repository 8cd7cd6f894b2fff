import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCspSources } from '../../server/site/analyticsCsp.js';
import { startSite, type RunningSite } from './server.js';

/**
 * Analytics consent on the server's side: without a counter nothing of it reaches a page; with one, every page
 * carries the (hidden) banner but never the counter's script, and the counter's hosts are in a page's CSP only for a
 * visitor whose consent cookie says so, whether the page is rendered, answered from the page cache or revalidated.
 */

const COUNTER_ID = '98765432';
const ACCEPTED = 'cookie_consent=analytics';

let plain: RunningSite;
let counted: RunningSite;

beforeAll(async () => {
  [plain, counted] = await Promise.all([startSite(), startSite({ YANDEX_METRIKA_ID: COUNTER_ID })]);
}, 240_000);

afterAll(async () => {
  await Promise.all([plain?.close(), counted?.close()]);
});

async function get(site: RunningSite, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${site.url}${path}`, { headers });
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy') ?? '',
    etag: response.headers.get('etag'),
    html: await response.text(),
  };
}

const directive = (csp: string, name: string) => csp.split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';

describe('without a counter', () => {
  it('the home page has no banner, no settings link and no Metrika host, whatever the cookie says', async () => {
    for (const headers of [{}, { cookie: ACCEPTED }] as Record<string, string>[]) {
      const page = await get(plain, '/', headers);
      expect(page.status).toBe(200);
      expect(page.html).toContain('<footer');
      expect(page.html).not.toContain('cookie-consent');
      expect(page.html).not.toContain('Настройки cookie');
      expect(page.html).not.toContain('analytics');
      expect(page.html).not.toContain('yandex');
      expect(page.csp).toContain("script-src 'self'");
      expect(page.csp).not.toContain('yandex');
    }
  });
});

describe('with YANDEX_METRIKA_ID', () => {
  it('the page carries the hidden banner with its link and buttons, and the settings button, but no counter script', async () => {
    const { html } = await get(counted, '/');
    const banner = /<section class="consent" aria-label="Согласие на cookie" hidden="" data-testid="cookie-consent">([\s\S]*?)<\/section>/.exec(html);
    expect(banner).not.toBeNull();
    expect(banner?.[1]).toContain('Мы используем cookie для аналитики посещаемости (Яндекс Метрика)');
    expect(banner?.[1]).toContain('<a href="/politika-konfidentsialnosti">политике конфиденциальности</a>');
    expect(banner?.[1]).toMatch(/<button type="button" class="button">Принять<\/button>/);
    expect(banner?.[1]).toMatch(/<button type="button" class="button button--ghost">Только необходимые<\/button>/);
    expect(html).toMatch(/<button type="button" class="footer__button">Настройки cookie<\/button>/);
    expect(html).not.toContain('mc.yandex');
    expect(html).not.toContain('tag.js');
  });

  it('the CSP lists the Metrika hosts only for a visitor who accepted, on a fresh render and from the cache alike', async () => {
    // Rendered for a visitor who accepted first: what the cache stores must still be the page without the hosts.
    const accepted = await get(counted, '/news', { cookie: `theme=x; ${ACCEPTED}` });
    const fromCache = await get(counted, '/news');
    const declined = await get(counted, '/news', { cookie: 'cookie_consent=necessary' });
    const acceptedAgain = await get(counted, '/news', { cookie: ACCEPTED });
    expect(fromCache.html).toBe(accepted.html);
    for (const page of [fromCache, declined]) expect(page.csp).not.toMatch(/yandex|yastatic/);
    for (const page of [accepted, acceptedAgain]) {
      expect(directive(page.csp, 'script-src')).toMatch(/^script-src 'self' .*https:\/\/mc\.yandex\.ru https:\/\/mc\.yandex\.com https:\/\/yastatic\.net$/);
      expect(directive(page.csp, 'connect-src')).toBe("connect-src 'self' https://mc.yandex.ru https://mc.yandex.com");
      expect(directive(page.csp, 'img-src')).toBe("img-src 'self' data: https://mc.yandex.ru https://mc.yandex.com");
      expect(directive(page.csp, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com https://rutube.ru https://mc.yandex.ru https://mc.yandex.com');
      // Everything else of the policy stays as it is for every visitor.
      expect(page.csp.replace(/ https:\/\/(mc\.yandex\.(ru|com)|yastatic\.net)/g, '').replace(";connect-src 'self'", '')).toBe(fromCache.csp);
    }
  });

  it('a revalidation (304) repeats the CSP of the visitor’s current choice', async () => {
    const first = await get(counted, '/media/video');
    expect(first.etag).toBeTruthy();
    const revalidated = await get(counted, '/media/video', { 'if-none-match': first.etag ?? '', cookie: ACCEPTED });
    expect(revalidated.status).toBe(304);
    expect(directive(revalidated.csp, 'script-src')).toContain('https://mc.yandex.ru');
    const withdrawn = await get(counted, '/media/video', { 'if-none-match': first.etag ?? '', cookie: 'cookie_consent=necessary' });
    expect(withdrawn.status).toBe(304);
    expect(withdrawn.csp).toBe(first.csp);
  });
});

describe('withCspSources', () => {
  it('adds sources to present directives, starts absent ones from default-src, and adds nothing twice', () => {
    const csp = "default-src 'self';script-src 'self' 'sha256-x';img-src 'self' data:";
    expect(withCspSources(csp, { 'script-src': ['https://a.test'], 'connect-src': ['https://a.test'], 'img-src': ['data:', 'https://a.test'] })).toBe(
      "default-src 'self';script-src 'self' 'sha256-x' https://a.test;img-src 'self' data: https://a.test;connect-src 'self' https://a.test",
    );
  });
});

import { createHash } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_TABS, NOT_FOUND_BUTTON, NOT_FOUND_HEADLINE, ROUTE_NOT_FOUND_MESSAGE } from '../../lib/site.js';
import { startSite, type RunningSite } from './server.js';
import { wholeSitemap } from '../helpers/sitemap.js';

/** Server-rendered answers of the built site: statuses, Location headers, titles, texts and head tags. */

let site: RunningSite;
beforeAll(async () => {
  site = await startSite();
}, 240_000);
afterAll(async () => {
  await site?.close();
});

const BRAND = 'Смарт Горизонт';
const FIXED_SLUGS = [
  'smart-horizont-rezident-proekta-skolkovo',
  'smart-horizont-technologicheskiy-operator-v-sostave-pao-stg-poluchil-status-akkreditovannoy-it-kompanii-on-mintsifry',
  'sovet-direktorov-pao-stg-odobril-sozdaniye-it-kompanii-v-perimetre-gruppy',
];

async function get(path: string): Promise<{ status: number; location: string | null; html: string; type: string }> {
  const response = await fetch(`${site.url}${path}`, { redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), html: await response.text(), type: response.headers.get('content-type') ?? '' };
}

/** The bytes as the server sends them (fetch would decode them), and their encoding. */
function rawGet(path: string, acceptEncoding: string): Promise<{ bytes: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    httpGet(`${site.url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ bytes: Buffer.concat(chunks), encoding: response.headers['content-encoding'] ?? 'identity' }));
    }).on('error', reject);
  });
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
const metaOf = (html: string, name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1] ?? null;
const decode = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&');

describe('routes answer 200 with their titles', () => {
  it.each([
    ['/', BRAND],
    ['/news', `Новости | ${BRAND}`],
    ['/news?page=2', `Новости - страница 2 | ${BRAND}`],
    ['/media/nashi-novosti', `Новости компании | ${BRAND}`],
    ['/media/nashi-novosti?page=2', `Новости компании - страница 2 | ${BRAND}`],
    ['/media/smi-o-nas', `СМИ о нас | ${BRAND}`],
    ['/media/smi-o-nas?page=2', `СМИ о нас - страница 2 | ${BRAND}`],
    ['/media/video', `Видео | ${BRAND}`],
    ['/media/video?page=2', `Видео - страница 2 | ${BRAND}`],
    ['/media/photobank', `Фотобанк: логотипы, фирменные цвета и фотографии | ${BRAND}`],
    ['/investoram', `Инвесторам | ${BRAND}`],
    ['/investoram/informatsiya-dlya-aktsionerov', `Информация для акционеров | ${BRAND}`],
    ['/o-kompanii', `О компании | ${BRAND}`],
  ])('%s → %s', async (path, title) => {
    const page = await get(path);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(decode(titleOf(page.html) ?? '')).toBe(title);
  });

  it.each(FIXED_SLUGS)('the fixed news article /news/%s renders with its title and brand suffix', async (slug) => {
    const page = await get(`/news/${slug}`);
    expect(page.status).toBe(200);
    expect(decode(titleOf(page.html) ?? '')).toMatch(new RegExp(` \\| ${BRAND}$`));
    expect(page.html).toContain('class="article__title"');
  });

  it('an own media article page renders from its slug in the list', async () => {
    const list = await get('/media/nashi-novosti');
    const slug = /href="\/media\/nashi-novosti\/([a-z0-9-]+)"/.exec(list.html)?.[1];
    expect(slug).toBeTruthy();
    const page = await get(`/media/nashi-novosti/${slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('"@type":"NewsArticle"');
  });

  it('the default title and description use the brand', async () => {
    const page = await get('/');
    expect(titleOf(page.html)).toBe(BRAND);
    expect(metaOf(page.html, 'description')).toContain(BRAND);
  });

  it('each media tab has its own meta title and description', async () => {
    const heads = await Promise.all(MEDIA_TABS.map(async (tab) => get(`/media/${tab.key}`)));
    const titles = new Set(heads.map((page) => titleOf(page.html)));
    const descriptions = heads.map((page) => decode(metaOf(page.html, 'description') ?? ''));
    expect(titles.size).toBe(4);
    MEDIA_TABS.forEach((tab, index) => expect(descriptions[index]).toBe(tab.description));
    expect(new Set(descriptions).size).toBe(4);
  });
});

describe('redirects', () => {
  it.each([
    ['/investoram/sobraniya-aktsionerov', '/investoram/informatsiya-dlya-aktsionerov'],
    ['/media', '/media/nashi-novosti'],
    ['/news?page=1', '/news'],
    ['/media/smi-o-nas?page=1', '/media/smi-o-nas'],
    ['/media/video?page=1', '/media/video'],
  ])('%s → 301 %s', async (from, to) => {
    const page = await get(from);
    expect(page.status).toBe(301);
    expect(new URL(page.location ?? '', site.url).pathname + new URL(page.location ?? '', site.url).search).toBe(to);
  });
});

describe('not found', () => {
  it.each(['/en/media', '/en/news', '/en'])('%s → 404 with Russian alone: no English address redirects or answers', async (path) => {
    expect((await get(path)).status).toBe(404);
  });

  it.each(['/news?page=abc', '/news?page=0', '/news?page=-1', '/news?page=1.5', '/media/video?page=x', '/news?page=999'])(
    '%s → 404 "Page not found."',
    async (path) => {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain('Page not found.');
      expect(page.html).toContain(NOT_FOUND_HEADLINE);
    },
  );

  it.each(['/404', '/no/such/route', '/news/no-such-article', '/investoram/no-such-page', '/no-such-page'])(
    '%s → 404 "This page could not be found" with the headline and the button home',
    async (path) => {
      const page = await get(path);
      expect(page.status).toBe(404);
      expect(page.html).toContain(ROUTE_NOT_FOUND_MESSAGE);
      expect(page.html).toContain(NOT_FOUND_HEADLINE);
      expect(page.html).toMatch(new RegExp(`<a class="button" href="/">${NOT_FOUND_BUTTON}</a>`));
      expect(page.html).toContain('не существует, устарела или была удалена');
      expect(titleOf(page.html)).toBe(`Страница не найдена | ${BRAND}`);
    },
  );

  it('the API keeps its own JSON 404', async () => {
    const response = await fetch(`${site.url}/api/no-such-endpoint`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('head and content', () => {
  it('the home page shows the first 3 news', async () => {
    const page = await get('/');
    const block = page.html.split('data-testid="home-news"')[1]?.split('</section>')[0] ?? '';
    expect(block.match(/<article class="card">/g)).toHaveLength(3);
    for (const slug of FIXED_SLUGS) expect(block).toContain(`/news/${slug}`);
  });

  it('an article has a canonical link, Open Graph tags, JSON-LD NewsArticle and a responsive image', async () => {
    const page = await get(`/news/${FIXED_SLUGS[0]}`);
    expect(page.html).toContain(`<link rel="canonical" href="https://www.example.test/news/${FIXED_SLUGS[0]}"/>`);
    expect(page.html).toContain('<meta property="og:type" content="article"/>');
    expect(page.html).toMatch(/<meta property="og:image" content="https:\/\/www\.example\.test\/uploads\/[\w/-]+-og-1200\.jpg"\/>/);
    expect(page.html).toContain('<meta property="og:image:width" content="1200"/><meta property="og:image:height" content="630"/>');
    const ld = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(page.html)?.[1];
    const json = JSON.parse(ld ?? '{}') as Record<string, unknown>;
    expect(json['@type']).toBe('NewsArticle');
    expect(json.headline).toBe('«Смарт Горизонт» стал резидентом проекта «Сколково»');
    expect(page.html).toMatch(/<source type="image\/webp" srcSet="[^"]+ 480w/);
    expect(page.html).toMatch(/<img src="\/uploads\/[^"]+" width="\d+" height="\d+" alt="[^"]+"/);
  });

  it("structured data: breadcrumb trails, dateModified, the video tab's VideoObjects; og:image everywhere; each list announces its feed", async () => {
    const blocks = (html: string) =>
      [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1] ?? '{}') as Record<string, unknown>);
    const ofType = (html: string, type: string) => blocks(html).find((block) => block['@type'] === type);
    const article = await get(`/news/${FIXED_SLUGS[0]}`);
    const news = ofType(article.html, 'NewsArticle');
    expect(Date.parse(String(news?.dateModified))).toBeGreaterThanOrEqual(Date.parse(String(news?.datePublished)));
    expect(ofType(article.html, 'BreadcrumbList')?.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Главная', item: 'https://www.example.test/' },
      { '@type': 'ListItem', position: 2, name: 'Новости', item: 'https://www.example.test/news' },
      { '@type': 'ListItem', position: 3, name: '«Смарт Горизонт» стал резидентом проекта «Сколково»' },
    ]);

    const videos = ofType((await get('/media/video')).html, 'ItemList')?.itemListElement as { item: Record<string, unknown> }[];
    expect(videos.length).toBeGreaterThanOrEqual(2);
    for (const { item } of videos) {
      expect(item).toMatchObject({ '@type': 'VideoObject', name: expect.any(String), embedUrl: expect.stringMatching(/^https:\/\//) });
      expect(item.thumbnailUrl).toMatch(/^https:\/\/www\.example\.test\//);
      expect(Number.isNaN(Date.parse(String(item.uploadDate)))).toBe(false);
    }

    const defaultImage = '<meta property="og:image" content="https://www.example.test/og-default.png"/>';
    const newsFeed = `<link rel="alternate" type="application/rss+xml" title="Новости | ${BRAND}" href="/rss.xml"/>`;
    for (const path of ['/', '/news', '/karera', '/media/nashi-novosti', '/investoram/dokumenty']) {
      const page = await get(path);
      expect(page.html, path).toContain(defaultImage);
      expect(page.html, path).toContain(newsFeed);
      if (path !== '/') expect(ofType(page.html, 'BreadcrumbList'), path).toBeDefined();
    }
    expect((await fetch(`${site.url}/og-default.png`)).headers.get('content-type')).toBe('image/png');
    expect((await get('/karera?city=Москва')).html).toContain(
      `<link rel="alternate" type="application/rss+xml" title="Вакансии | ${BRAND}" href="/karera/rss.xml"/>`,
    );
    expect((await get('/media/nashi-novosti')).html).toContain(`title="Новости компании | ${BRAND}" href="/media/nashi-novosti/rss.xml"/>`);
    expect((await get('/news')).html).not.toContain('/karera/rss.xml');
  });

  it('page 2 has its canonical with ?page=2; a list image below the fold is lazy', async () => {
    const page = await get('/news?page=2');
    expect(page.html).toContain('<link rel="canonical" href="https://www.example.test/news?page=2"/>');
    const first = await get('/news');
    expect(first.html).toContain('loading="lazy"');
    expect(first.html).toContain('loading="eager"');
  });

  it('images without their own alt get the configured template', async () => {
    const page = await get('/media/nashi-novosti');
    expect(page.html).toMatch(/alt="Иллюстрация к странице «[^»]+» на сайте микрофинансовой компании — займы под залог"/);
  });

  it('the CSP allows each inline script of a page by its hash, so cached bytes are the same for every visitor', async () => {
    const response = await fetch(`${site.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const html = await response.text();
    expect(csp).not.toContain('nonce-');
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    expect(inline.length).toBeGreaterThan(0);
    for (const script of inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
  });

  it('menus of every kind are rendered: header, main with children, footer and payment', async () => {
    const page = await get('/');
    expect(page.html).toContain('aria-label="Быстрые ссылки"');
    expect(page.html).toContain('class="nav__sub" aria-label="Медиа"');
    expect(page.html).toContain('href="/media/photobank"');
    expect(page.html).toContain('Политика конфиденциальности');
    expect(page.html).toContain('Оплата через СБП');
  });

  it('the page passes its client the layout once, as JSON of what the menus show, and marks the current menu item', async () => {
    const page = await get('/media/photobank');
    const script = /<script id="vike_pageContext" type="application\/json">([\s\S]*?)<\/script>/.exec(page.html)?.[1] ?? '';
    const context = JSON.parse(script) as Record<string, unknown>;
    expect(context.layout).toBeUndefined();
    expect(typeof context.layoutJson).toBe('string');
    const layout = JSON.parse(String(context.layoutJson)) as { menus: Record<string, { title: string; url: string; children: object[] }[]> };
    expect(Object.keys(layout.menus).sort()).toEqual(['footer', 'header', 'main', 'payment']);
    const media = layout.menus.main?.find((item) => item.title === 'Медиа');
    expect(media?.children.length).toBeGreaterThan(0);
    for (const item of [...Object.values(layout.menus).flat(), ...(media?.children ?? [])]) {
      expect(Object.keys(item).sort()).toEqual(['children', 'id', 'title', 'url']);
    }
    expect(page.html).toMatch(/<a class="nav__sublink" href="\/media\/photobank" aria-current="page">/);
  });
});

describe('search engines', () => {
  it('robots.txt points to the sitemap', async () => {
    const page = await get('/robots.txt');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Sitemap: https://www.example.test/sitemap.xml');
    expect(page.html).toContain('Disallow: /admin');
  });

  it('sitemap.xml is an index of files listing the pages, articles and text pages with the public address', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toMatch(/application\/xml/);
    expect(index.html).toContain('<sitemap><loc>https://www.example.test/sitemaps/pages-1.xml</loc></sitemap>');
    expect(index.html).toMatch(/<sitemap><loc>https:\/\/www\.example\.test\/sitemaps\/news-1\.xml<\/loc><lastmod>[\d-]+T[\d:.]+Z<\/lastmod><\/sitemap>/);
    const news = await get('/sitemaps/news-1.xml');
    expect(news.type).toMatch(/application\/xml/);
    const sitemap = await wholeSitemap(async (path) => (await get(path)).html);
    for (const slug of FIXED_SLUGS) expect(sitemap).toMatch(new RegExp(`<loc>https://www\\.example\\.test/news/${slug}</loc><lastmod>`));
    expect(sitemap).toContain('<loc>https://www.example.test/media/photobank</loc>');
    expect(sitemap).toContain('<loc>https://www.example.test/investoram/informatsiya-dlya-aktsionerov</loc>');
    expect(sitemap).toContain('<loc>https://www.example.test/o-kompanii</loc>');
  });

  it('rss.xml carries the latest news', async () => {
    const page = await get('/rss.xml');
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/application\/rss\+xml/);
    expect(page.html).toContain(`<link>https://www.example.test/news/${FIXED_SLUGS[0]}</link>`);
  });
});

describe('the admin app', () => {
  it.each(['/admin', '/admin/news/3'])('%s answers the admin page, revalidated, with its chunk-reload guard allowed by hash', async (path) => {
    const response = await fetch(`${site.url}${path}`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('<title>Управление сайтом</title>');
    const guard = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(guard).toContain('vite:preloadError');
    expect(response.headers.get('content-security-policy')).toContain(`'sha256-${createHash('sha256').update(guard).digest('base64')}'`);
    const entry = /<script type="module" crossorigin src="(\/assets\/admin\/[^"]+\.js)"/.exec(html)?.[1];
    if (!entry) throw new Error('the admin page names no entry script');
    const script = await fetch(`${site.url}${entry}`, { headers: { 'accept-encoding': 'br' } });
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-encoding')).toBe('br');
  });
});

describe('the public pages’ JavaScript', () => {
  /**
   * The first-load budget of a public page: its entry scripts and module preloads, gzip. Pages are loaded from the
   * server and hydrated (no client router): Vike's hydration runtime, Preact with its compatibility layer, the
   * layout with the Russian interface texts and the page's own chunks; English texts, the consent banner's choosing
   * with the counters, and the link prefetcher are chunks loaded later.
   */
  const FIRST_LOAD_BUDGET = 45 * 1024;

  const scriptsOf = (html: string) => [
    ...new Set(
      [...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g), ...html.matchAll(/<link rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map(
        (match) => match[1] ?? '',
      ),
    ),
  ];

  it.each(['/', '/news', `/news/${FIXED_SLUGS[0]}`, '/media/photobank', '/o-kompanii', '/kontakty', '/karera', '/poisk'])(
    '%s loads at most 45 KB gzip of JavaScript, hydrating with Preact rather than React DOM',
    async (path) => {
      const page = await get(path);
      const scripts = scriptsOf(page.html);
      expect(scripts.length).toBeGreaterThan(0);
      let gzip = 0;
      for (const script of scripts) {
        const { bytes, encoding } = await rawGet(script, 'gzip');
        gzip += bytes.length;
        const source = encoding === 'gzip' ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
        // React DOM's client build links its errors to react.dev; Preact's compatibility layer has no such link.
        expect(source).not.toContain('react.dev/errors');
      }
      expect(gzip).toBeLessThanOrEqual(FIRST_LOAD_BUDGET);
    },
  );
});

describe('landmarks', () => {
  it.each(['/', '/poisk', '/poisk?q=%D0%BA%D0%BE%D0%BC%D0%BF%D0%B0%D0%BD%D0%B8%D1%8F', '/news'])(
    '%s names each navigation and search landmark differently from the others of its kind',
    async (path) => {
      const { html } = await get(path);
      const labelsOf = (pattern: RegExp) => [...html.matchAll(pattern)].map((match) => /aria-label="([^"]*)"/.exec(match[0])?.[1] ?? '');
      for (const labels of [labelsOf(/<form[^>]*role="search"[^>]*>/g), labelsOf(/<nav[^>]*>/g)]) {
        if (labels.length > 1) expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
        for (const label of labels) if (labels.length > 1) expect(label).not.toBe('');
      }
      expect(labelsOf(/<form[^>]*role="search"[^>]*>/g).length).toBeGreaterThan(0);
    },
  );
});

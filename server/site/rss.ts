import type { PublicReads, PublicRecord } from '../../lib/content.js';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '../../lib/locales.js';
import type { DeclaredFeed } from '../../lib/resources/index.js';
import type { SiteSettings } from '../../lib/site.js';
import { xmlEscape } from './sitemap.js';

/** How many of the newest items a feed carries. */
export const FEED_SIZE = 20;

interface FeedContext {
  site: SiteSettings;
  locale: Locale;
  /** The absolute address of a site path. */
  url: (path: string) => string;
}

/**
 * An item's `guid`, which stays the same when its address changes, so that readers never show an item twice: the
 * address of its page by id where the page is found by id too, else the resource and the id as an opaque string.
 */
function guidOf({ resource }: DeclaredFeed, item: PublicRecord, path: (sitePath: string) => string, host: string): string {
  const page = resource.public?.page;
  if (page?.byId) return `<guid isPermaLink="true">${xmlEscape(path(page.path({ ...item, [page.key]: item.id })))}</guid>`;
  return `<guid isPermaLink="false">${xmlEscape(`${resource.name}-${String(item.id)}@${host}`)}</guid>`;
}

/**
 * An item's `<pubDate>`: its `public_at`, the moment it was published. A resource without one (or whose list does
 * not show it) gives its items none, as RSS 2.0 allows, never an invalid date.
 */
function pubDateOf(item: PublicRecord): string {
  const published = typeof item.public_at === 'string' ? Date.parse(item.public_at) : Number.NaN;
  return Number.isNaN(published) ? '' : `<pubDate>${new Date(published).toUTCString()}</pubDate>`;
}

/**
 * The RSS 2.0 document of a declared feed in a language: the first items of its list with a version in it, in the
 * list's order (newest first unless declared otherwise; a list in parts gives its first part, in that part's order).
 */
export async function feedDocument(reads: PublicReads, declared: DeclaredFeed, { site, locale, url }: FeedContext): Promise<string> {
  const { resource, feed, listPath } = declared;
  const page = resource.public?.page;
  if (!page) throw new Error(`${resource.name}: a feed needs a page per record`);
  const path = (sitePath: string) => url(localizedPath(locale, sitePath));
  const host = new URL(site.publicUrl).host;
  const { items } = await reads.list(resource.name, { page: 1, perPage: FEED_SIZE });
  const description = feed.description?.[locale]?.replaceAll('{brand}', site.brand) ?? (locale === DEFAULT_LOCALE ? site.description : null);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${xmlEscape(`${feed.name[locale]} | ${site.brand}`)}</title>`,
    `<link>${xmlEscape(path(listPath ?? '/'))}</link>`,
    `<description>${xmlEscape(description ?? `${feed.name[locale]} | ${site.brand}`)}</description>`,
    `<language>${locale}</language>`,
    `<atom:link href="${xmlEscape(path(feed.path))}" rel="self" type="application/rss+xml"/>`,
    ...items.map((item) =>
      [
        '<item>',
        `<title>${xmlEscape(String(item[feed.itemTitle] ?? ''))}</title>`,
        `<link>${xmlEscape(path(page.path(item)))}</link>`,
        guidOf(declared, item, path, host),
        pubDateOf(item),
        feed.summary ? `<description>${xmlEscape(String(item[feed.summary] ?? ''))}</description>` : '',
        '</item>',
      ].join(''),
    ),
    '</channel>',
    '</rss>',
    '',
  ].join('\n');
}

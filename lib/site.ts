/** Constants of the public site shared by the site and the server: the not-found texts, the error toasts, timings and breakpoints. */

import type { ConfiguredCounter } from './analytics.js';
import { ENQUIRY_RESULT_PARAM } from './enquiry.js';
import type { Locale } from './locales.js';

export const NOT_FOUND_HEADLINE = 'Кажется, что-то пошло не так!';
export const NOT_FOUND_EXPLANATION = 'Страница, которую вы ищете, не существует, устарела или была удалена.';
export const NOT_FOUND_BUTTON = 'Перейти на главную';
/** The message of a route that matches no page, answered with a 404. */
export const ROUTE_NOT_FOUND_MESSAGE = 'This page could not be found';

export const TIMEOUT_TOAST = 'Превышено время ожидания ответа от сервера! Попробуйте повторить операцию через некоторое время.';
export const NETWORK_TOAST = 'Произошла ошибка! Попробуйте повторить операцию через некоторое время.';
export const TOAST_DURATION_MS = 5000;

/** The toast text for a failed request: the timeout text when the message mentions a timeout in any case. */
export function errorToastText(message: string): string {
  return /timeout/i.test(message) ? TIMEOUT_TOAST : NETWORK_TOAST;
}

export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;
/** What the site's link prefetcher sends with a page it asks for ahead of a visit (browsers' own prefetches say `Sec-Purpose`). */
export const PREFETCH_HEADERS = { Purpose: 'prefetch' } as const;
export const HOME_NEWS_COUNT = 3;

/** Breakpoints of the public site, in CSS pixels (min-width). */
export const BREAKPOINTS = { sm: 576, md: 768, lg: 992, xl: 1340 } as const;

/** The media section's tabs, each a page of its own (`/media/{key}`), in Russian (the dictionary has the other languages' words). */
export const MEDIA_TABS = [
  {
    key: 'nashi-novosti',
    title: 'Новости',
    metaTitle: 'Новости компании',
    description: 'Собственные публикации компании: новости, интервью и материалы о работе группы.',
  },
  {
    key: 'smi-o-nas',
    title: 'СМИ о нас',
    metaTitle: 'СМИ о нас',
    description: 'Публикации федеральных и отраслевых СМИ о компании со ссылками на первоисточники.',
  },
  {
    key: 'video',
    title: 'Видео',
    metaTitle: 'Видео',
    description: 'Видеоматериалы компании: презентации, репортажи, интервью и вебинары.',
  },
  {
    key: 'photobank',
    title: 'Фотобанк',
    metaTitle: 'Фотобанк: логотипы, фирменные цвета и фотографии',
    description: 'Логотипы в векторных и растровых форматах, фирменные цвета и фотографии для публикаций.',
  },
] as const;

export type MediaTabKey = (typeof MEDIA_TABS)[number]['key'];
export type MediaTab = (typeof MEDIA_TABS)[number];

/** Permanent (301) redirects of the site. */
export const SITE_REDIRECTS: Record<string, string> = {
  '/media': '/media/nashi-novosti',
  '/investoram/sobraniya-aktsionerov': '/investoram/informatsiya-dlya-aktsionerov',
};

/** The `Chunk reload` decision: a reload is allowed when none happened in the last 60 s. */
export function chunkReloadAllowed(now: number, lastReloadAt: number | null): boolean {
  return lastReloadAt === null || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= CHUNK_RELOAD_GUARD_MS || now < lastReloadAt;
}

export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

/** Prefetching is skipped on 2g (and slower), with data saving on, and offline. */
export function prefetchAllowed(connection: ConnectionInfo | undefined, online: boolean): boolean {
  if (!online) return false;
  if (!connection) return true;
  if (connection.saveData) return false;
  return !(connection.effectiveType === '2g' || connection.effectiveType === 'slow-2g');
}

/** What the server tells every page about the site (Vike page context `site`, passed to the client). */
export interface SiteSettings {
  brand: string;
  /** Without a trailing slash. */
  publicUrl: string;
  description: string;
  altTemplate: string;
  phone: { display: string; e164: string };
  /**
   * The analytics counters the site runs after the visitor's consent; absent (not empty) without any, so that the
   * pages' serialised context stays as it was.
   */
  analytics?: ConfiguredCounter[];
  /** The site's languages where it has more than Russian (`SITE_LOCALES=ru,en`); absent with Russian alone. */
  locales?: Locale[];
}

/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_URL_LIMIT = 50_000;

/** Paths of the site's pages never served by Vike (API, uploads, feeds, the server's metrics). */
export function isSitePath(pathname: string): boolean {
  return !(pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/uploads/') || pathname === '/metrics');
}

/**
 * The query parameters public pages read, besides the filters of the public lists their resources declare: the
 * list page, the search words and how a feedback form's sending went. Pages see no other parameter, and the page cache keys on these alone, so a page
 * that reads a new one must name it here.
 */
export const PAGE_QUERY_PARAMS = ['page', 'q', ENQUIRY_RESULT_PARAM] as const;

/**
 * Pages of a section that are not text pages (`/investoram/dokumenty`), by their identifier: listed in the section's
 * side menu and on its index after the text pages, and in the sitemap; their words are in the site's dictionary.
 */
export const SECTION_PAGES: Record<string, readonly string[]> = { investoram: ['dokumenty'] };

/** The photobank's page: every category with its first page of items. */
export const PHOTOBANK_PATH = '/media/photobank';

/** A photobank category's own page, where its items go on page after page. */
export const photobankCategoryPath = (id: number): string => `${PHOTOBANK_PATH}/${id}`;

/**
 * The picture social networks show for a page without one of its own (lists, the home page, text pages): the
 * site's mark on its colour, 1200 × 630 as Open Graph recommends, shipped with the site (`site/public/`).
 */
export const DEFAULT_SOCIAL_IMAGE = { src: '/og-default.png', width: 1200, height: 630 } as const;

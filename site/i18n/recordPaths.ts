import type { PageContextServer } from 'vike/types';
import { type Locale } from '@lib/locales.js';
import { resourceNamed } from '@lib/resources/index.js';
import { localeOf } from './pageTexts.js';

/**
 * A record page's path in each of the site's languages, without the language prefix (null where visitors cannot
 * read it in that language): its `hreflang` alternates and the language switch. Empty with Russian alone.
 */
export async function recordPathsOf(pageContext: PageContextServer, resource: string, id: number): Promise<Partial<Record<Locale, string | null>>> {
  const { locales } = pageContext.site;
  const page = resourceNamed(resource)?.public?.page;
  if (!locales || !page) return {};
  const current = localeOf(pageContext);
  const entries = await Promise.all(
    locales.map(async (locale) => {
      if (locale === current) return [locale, null] as const;
      const key = await pageContext.content.reads.keyIn(resource, id, locale);
      return [locale, key === null ? null : page.path({ id, [page.key]: key })] as const;
    }),
  );
  return Object.fromEntries(entries.filter(([locale]) => locale !== current));
}

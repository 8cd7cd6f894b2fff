import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import type { TextPage } from '@lib/types.js';
import { ENQUIRY_RESULT_PARAM, isEnquiryResult, type EnquiryForm, type EnquiryResult } from '@lib/enquiry.js';
import { DEFAULT_LOCALE, localizedPath } from '@lib/locales.js';
import { localeOf, sectionPagesOf } from './i18n/pageTexts.js';
import type { PageMeta, WithMeta } from './meta.js';

export interface TextPageData extends WithMeta {
  page: TextPage;
  /** Other pages of the same section, for the side menu. */
  siblings: Pick<TextPage, 'identifier' | 'title'>[];
  /** The feedback form under the text, when the page shows one, and how its last plain form post went. */
  enquiry: { form: EnquiryForm; result: EnquiryResult | null } | null;
  /** Shown in Russian under another language's address, the page having no version in it. */
  inRussian?: true;
}

/** A text page of a section (`null`: the site root); a page of another section redirects to its own address. */
export async function textPageData(pageContext: PageContextServer, section: string | null): Promise<TextPageData> {
  const identifier = pageContext.routeParams.identifier ?? '';
  const page = /^[a-z0-9][a-z0-9-]{0,190}$/i.test(identifier) ? await readRecord(pageContext.content.reads, 'text-pages', identifier) : null;
  if (!page) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  if (page.section !== section) {
    const own = page.section === null ? `/${page.identifier}` : `/${page.section}/${page.identifier}`;
    throw redirect(localizedPath(localeOf(pageContext), own) as `/${string}`, 301);
  }
  const siblings =
    section === null
      ? []
      : [
          ...(await pageContext.content.textPages.list(section)).map(({ identifier: id, title }) => ({ identifier: id, title })),
          ...sectionPagesOf(pageContext, section),
        ];
  const result = pageContext.urlParsed.search[ENQUIRY_RESULT_PARAM];
  const enquiry = page.form === 'enquiry' ? { form: await pageContext.content.enquiries.form(), result: isEnquiryResult(result) ? result : null } : null;
  const canonicalPath = section === null ? `/${page.identifier}` : `/${section}/${page.identifier}`;
  return {
    page,
    siblings,
    enquiry,
    // Absent on a page in its own language, so that a Russian page's data stays as it was.
    ...(page.inRussian ? { inRussian: true as const } : {}),
    meta: {
      title: page.seo_title || page.title,
      description: page.seo_description || undefined,
      canonicalPath,
      ...(pageContext.site.locales ? await textPageLanguages(pageContext, page, canonicalPath) : {}),
    },
  };
}

/**
 * Where the site has several languages: a text page exists in each language it is translated into; elsewhere its
 * address in that language shows it in Russian with a notice, whose canonical address is the Russian page.
 */
async function textPageLanguages(pageContext: PageContextServer, page: TextPage & { inRussian?: boolean }, canonicalPath: string): Promise<Partial<PageMeta>> {
  const current = localeOf(pageContext);
  if (page.inRussian) return { canonicalLocale: DEFAULT_LOCALE, translatedPaths: { [current]: null }, sectionPath: canonicalPath };
  const others = (pageContext.site.locales ?? []).filter((locale) => locale !== current);
  const translated = await Promise.all(
    others.map(async (locale) => [locale, (await pageContext.content.reads.keyIn('text-pages', page.id, locale)) === null ? null : canonicalPath] as const),
  );
  return { translatedPaths: Object.fromEntries(translated), sectionPath: canonicalPath };
}

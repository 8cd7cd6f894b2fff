import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { ROUTE_NOT_FOUND_MESSAGE, SECTION_PAGES } from '@lib/site.js';
import type { TextPage } from '@lib/types.js';
import { ENQUIRY_RESULT_PARAM, isEnquiryResult, type EnquiryForm, type EnquiryResult } from '@lib/enquiry.js';
import type { WithMeta } from './meta.js';

export interface TextPageData extends WithMeta {
  page: TextPage;
  /** Other pages of the same section, for the side menu. */
  siblings: Pick<TextPage, 'identifier' | 'title'>[];
  /** The feedback form under the text, when the page shows one, and how its last plain form post went. */
  enquiry: { form: EnquiryForm; result: EnquiryResult | null } | null;
}

/** A text page of a section (`null`: the site root); a page of another section redirects to its own address. */
export async function textPageData(pageContext: PageContextServer, section: string | null): Promise<TextPageData> {
  const identifier = pageContext.routeParams.identifier ?? '';
  const page = /^[a-z0-9][a-z0-9-]{0,190}$/i.test(identifier) ? await readRecord(pageContext.content.reads, 'text-pages', identifier) : null;
  if (!page) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  if (page.section !== section) {
    if (page.section === null) throw redirect(`/${page.identifier}`, 301);
    throw redirect(`/${page.section}/${page.identifier}`, 301);
  }
  const siblings =
    section === null
      ? []
      : [
          ...(await pageContext.content.textPages.list(section)).map(({ identifier: id, title }) => ({ identifier: id, title })),
          ...(SECTION_PAGES[section] ?? []),
        ];
  const result = pageContext.urlParsed.search[ENQUIRY_RESULT_PARAM];
  const enquiry = page.form === 'enquiry' ? { form: await pageContext.content.enquiries.form(), result: isEnquiryResult(result) ? result : null } : null;
  return {
    page,
    siblings,
    enquiry,
    meta: {
      title: page.seo_title || page.title,
      description: page.seo_description || undefined,
      canonicalPath: section === null ? `/${page.identifier}` : `/${section}/${page.identifier}`,
    },
  };
}

import type { ContentServices } from '../../lib/content.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { resourceNamed } from '../../lib/resources/index.js';
import type { PageCache } from '../cache/pageCache.js';
import type { CountedTable, ViewCounter } from '../content/viewCounter.js';
import { FORM_PAGE_CACHE_MS } from '../enquiries/formToken.js';

interface RenderContent {
  /** The content services for one render. */
  content: ContentServices;
  /** What a cache hit of the rendered page must repeat: the article reads it counted, or null. */
  onHit: () => (() => void) | null;
  /** How long the rendered page may be answered from the page cache: null for as long as the content stays. */
  cacheFor: () => number | null;
}

/**
 * The content services as one page render sees them. The layout (menus, social links) is the same on every page and
 * changes only with a write, so it is read and made into JSON once per cache generation. Reads of pages that count them
 * (articles) count a view; the render remembers them so that a visit answered from the page cache counts too. A page
 * holding a feedback form holds a token that expires: it is cached only for a while, so it never serves an old one.
 */
export function contentForRender(base: ContentServices, cache: PageCache, views: ViewCounter, locale: Locale = DEFAULT_LOCALE): RenderContent {
  const counted: { table: CountedTable; id: number }[] = [];
  let holdsFormToken = false;
  const content: ContentServices = {
    ...base,
    enquiries: {
      form: () => {
        holdsFormToken = true;
        return base.enquiries.form();
      },
    },
    layout: () => cache.memo(locale === DEFAULT_LOCALE ? 'layout' : `${locale}:layout`, () => base.layout()),
    reads: {
      ...base.reads,
      record: async (resource, key) => {
        const record = await base.reads.record(resource, key);
        const declaration = resourceNamed(resource);
        if (record && declaration?.public?.page?.countsViews) counted.push({ table: declaration.table, id: record.id });
        return record;
      },
    },
  };
  const onHit = () => {
    if (counted.length === 0) return null;
    const reads = [...counted];
    return () => {
      for (const read of reads) views.record(read.table, read.id);
    };
  };
  return { content, onHit, cacheFor: () => (holdsFormToken ? FORM_PAGE_CACHE_MS : null) };
}

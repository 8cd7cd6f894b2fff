import type { Kysely } from 'kysely';
import type { SearchService } from '../../lib/content.js';
import { may, type Permissions } from '../../lib/resources/rights.js';
import { ADMIN_SEARCH_LIMIT, SEARCH_PAGE_SIZE, type AdminSearchResult, type SearchResult } from '../../lib/search.js';
import { pageCountOf } from '../../lib/paging.js';
import type { Database } from '../db/schema.js';
import { SEARCHABLE } from './documents.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { fragment, highlight } from './fragments.js';
import { queryStems, searchIndex } from './query.js';

/** The kind of item a resource's results are, in a language (Russian where the declaration names none in it). */
function kindOf(resource: string, locale: Locale = DEFAULT_LOCALE): string {
  const search = SEARCHABLE.find((item) => item.name === resource)?.search;
  return (locale !== DEFAULT_LOCALE && search?.kindIn?.[locale]) || (search?.kind ?? '');
}

/** The site's search: published items whose date has come, of every searchable resource, in `locale`. */
export function createSearchService(db: Kysely<Database>, locale: Locale = DEFAULT_LOCALE): SearchService {
  return {
    async search(q, page) {
      const stems = new Set(queryStems(q));
      const { items, total, more } = await searchIndex(db, {
        q,
        resources: SEARCHABLE.map((resource) => resource.name),
        publicOnly: true,
        limit: SEARCH_PAGE_SIZE,
        offset: (page - 1) * SEARCH_PAGE_SIZE,
        locale,
      });
      const results: SearchResult[] = items.map((item) => ({
        resource: item.resource,
        id: item.record_id,
        kind: kindOf(item.resource, locale),
        title: highlight(item.title, stems),
        fragment: fragment(item.body, stems),
        url: item.url,
        date: item.date,
      }));
      return {
        items: results,
        page,
        perPage: SEARCH_PAGE_SIZE,
        pageCount: pageCountOf(total, SEARCH_PAGE_SIZE),
        total,
        more,
      };
    },
  };
}

/** The resources a role may read in the admin. */
export const resourcesFor = (permissions: Permissions) => SEARCHABLE.filter((resource) => may(permissions, resource.name, 'read'));

/** The admin's global search: any item of the resources the role may read, drafts and scheduled ones too. */
export async function adminSearch(db: Kysely<Database>, q: string, permissions: Permissions): Promise<AdminSearchResult[]> {
  const resources = resourcesFor(permissions).map((resource) => resource.name);
  if (!resources.length) return [];
  const { items } = await searchIndex(db, {
    q,
    resources,
    publicOnly: false,
    limit: ADMIN_SEARCH_LIMIT,
    offset: 0,
  });
  return items.map((item) => ({
    resource: item.resource,
    id: item.record_id,
    kind: kindOf(item.resource),
    title: item.title,
    url: item.url,
    date: item.date,
    published: item.published === 1,
  }));
}

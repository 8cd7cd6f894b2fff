import type {
  ArticleSummary,
  LayoutData,
  LogoItem,
  MediaFeedItem,
  MediaGenerals,
  MediaOverview,
  MediaSource,
  MenuItem,
  MenuKind,
  NetworkCollection,
  Page,
  Photo,
  PhotobankCategoryPage,
  PhotobankGroup,
  PhotobankOverview,
  PressArticle,
  TextPage,
  Video,
} from './types.js';
import type { StoredDocument } from './types.js';
import type { ListedResourceName, ListFilters, ListItem, PagedResourceName, PageRecord, ResourceOf } from './resources/index.js';
import type { SearchPage } from './search.js';
import type { EnquiryForm } from './enquiry.js';
import type { Locale } from './locales.js';

export interface SearchService {
  /** A page of what the site finds for a query (already checked: not empty, not too long). */
  search(q: string, page: number): Promise<SearchPage>;
}

/** A record as visitors read it: `id` and the fields its declaration shows them. */
export type PublicRecord = { id: number } & Record<string, unknown>;

/**
 * The reads visitors make of every resource that declares them (`public` in lib/resources), served the same way
 * for each: the one visibility rule, paging, the declared order. Resource names are checked against the
 * declarations; `readList` and `readRecord` give the answers their declared types.
 */
export interface PublicReads {
  /**
   * A page of the list, filtered by equality on the declared filters (values already checked); of the named part
   * when the list declares parts (the first one when none is named).
   */
  list(
    resource: string,
    query: { filters?: Readonly<Record<string, string | number>>; part?: string; page: number; perPage?: number },
  ): Promise<Page<PublicRecord>>;
  /** A record's page by its key (or its id where declared); counts a read where declared. */
  record(resource: string, key: string): Promise<PublicRecord | null>;
  /** The values a filter takes among visible records (numbers newest first, texts alphabetically): a page's chips. */
  values(resource: string, field: string): Promise<(string | number)[]>;
  /** A visible record's stored file, for its download. */
  file(resource: string, id: number, field: string): Promise<StoredDocument | null>;
  /** A record's page key (its slug) in a language, where visitors may read it in that language; else null. */
  keyIn(resource: string, id: number, locale: Locale): Promise<string | null>;
}

/** A page of a resource's public list, typed by its declaration. */
export function readList<Name extends ListedResourceName>(
  reads: PublicReads,
  resource: Name,
  query: { filters?: ListFilters<ResourceOf<Name>>; part?: string; page: number; perPage?: number },
): Promise<Page<ListItem<ResourceOf<Name>>>> {
  // The records carry exactly the fields the declaration names, with the values their kinds give.
  return reads.list(resource, query as { page: number }) as Promise<Page<ListItem<ResourceOf<Name>>>>;
}

/** A record's page, typed by its declaration. */
export function readRecord<Name extends PagedResourceName>(reads: PublicReads, resource: Name, key: string): Promise<PageRecord<ResourceOf<Name>> | null> {
  return reads.record(resource, key) as Promise<PageRecord<ResourceOf<Name>> | null>;
}

/**
 * The read side of the content, as the server implements it. The JSON API answers with it, and the public
 * site's `+data.ts` files call it in-process through Vike's page context (no HTTP hop).
 * A `page` argument is an already validated whole number of at least 1.
 */
export interface ContentServices {
  news: {
    list(page: number): Promise<Page<ArticleSummary>>;
    mainItems(page: number): Promise<Page<ArticleSummary>>;
  };
  media: {
    overview(pages: { ourPage: number; otherPage: number; videoPage: number }): Promise<MediaOverview>;
    ours(page: number): Promise<Page<ArticleSummary>>;
    others(page: number): Promise<Page<PressArticle>>;
    videos(page: number): Promise<Page<Video>>;
    mainItems(page: number): Promise<Page<MediaFeedItem>>;
    generals(): Promise<MediaGenerals>;
    sources(): Promise<MediaSource[]>;
    manyReads(): Promise<ArticleSummary[]>;
  };
  menu: {
    tree(kind: MenuKind | 'all'): Promise<MenuItem[]>;
  };
  network: {
    collections(): Promise<NetworkCollection[]>;
  };
  /**
   * The layout of every page, and the same as JSON for the page's client: one string is written into a page in one
   * step, where Vike's serializer walks every value of an object (a quarter of a millisecond per page for the menus).
   */
  layout(): Promise<{ data: LayoutData; json: string }>;
  textPages: {
    /** The pages of a section (`null`: the site root), by title. */
    list(section: string | null): Promise<TextPage[]>;
  };
  photobank: {
    /** One page of the photobank page: a page of categories of both kinds, each with its first page of items. */
    overview(page: number): Promise<PhotobankOverview>;
    /** Logo groups with one page of their categories, each category with its first page of items. */
    logos(page: number): Promise<PhotobankGroup<LogoItem>[]>;
    /** Photo groups with one page of their categories, each category with its first page of photos. */
    photos(page: number): Promise<PhotobankGroup<Photo>[]>;
    /** One page of a category's items (logos and colours, or photos); null for an unknown category. */
    category(id: number, page: number): Promise<PhotobankCategoryPage | null>;
  };
  reads: PublicReads;
  search: SearchService;
  enquiries: {
    /** What the feedback form shows: its topics, the consent text's version and the signed moment it was made. */
    form(): Promise<EnquiryForm>;
  };
}

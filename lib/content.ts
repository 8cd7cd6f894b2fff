import type {
  Article,
  ArticleSummary,
  LogoItem,
  MediaFeedItem,
  MediaGenerals,
  MediaOverview,
  MediaSource,
  MenuItem,
  MenuKind,
  NetworkCollection,
  NewsArticle,
  Page,
  Photo,
  PhotobankGroup,
  PressArticle,
  TextPage,
  Video,
} from './types.js';
import type { StoredDocument } from './types.js';
import type { SearchPage } from './search.js';

export interface SearchService {
  /** A page of what the site finds for a query (already checked: not empty, not too long). */
  search(q: string, page: number): Promise<SearchPage>;
}

/** A record of a resource's public list: `id` and the fields its declaration shows visitors. */
export type PublicRecord = { id: number } & Record<string, unknown>;

/** The public lists the resource declarations name (`public` in lib/resources), read the same way for each. */
export interface PublicListsService {
  /** A page of the list, filtered by equality on the declared filters (values already checked). */
  list(resource: string, filters: Readonly<Record<string, string | number>>, page: number): Promise<Page<PublicRecord>>;
  /** The values a filter takes among visible items (numbers newest first): the filter links of a page. */
  values(resource: string, field: string): Promise<(string | number)[]>;
  /** A visible item's stored file, for its download. */
  file(resource: string, id: number, field: string): Promise<StoredDocument | null>;
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
    /** By numeric id or by slug; counts a read. */
    get(idOrSlug: string): Promise<NewsArticle | null>;
  };
  media: {
    overview(pages: { ourPage: number; otherPage: number; videoPage: number }): Promise<MediaOverview>;
    ours(page: number): Promise<Page<ArticleSummary>>;
    others(page: number): Promise<Page<PressArticle>>;
    videos(page: number): Promise<Page<Video>>;
    mainItems(page: number): Promise<Page<MediaFeedItem>>;
    generals(): Promise<MediaGenerals>;
    sources(): Promise<MediaSource[]>;
    /** An own media article by numeric id or by slug; counts a read. */
    get(idOrSlug: string): Promise<Article | null>;
    manyReads(): Promise<ArticleSummary[]>;
  };
  menu: {
    tree(kind: MenuKind | 'all'): Promise<MenuItem[]>;
  };
  network: {
    collections(): Promise<NetworkCollection[]>;
  };
  textPages: {
    get(identifier: string): Promise<TextPage | null>;
    list(section: string | null): Promise<TextPage[]>;
  };
  photobank: {
    logos(): Promise<PhotobankGroup<LogoItem>[]>;
    photos(): Promise<PhotobankGroup<Photo>[]>;
  };
  publicLists: PublicListsService;
  search: SearchService;
}

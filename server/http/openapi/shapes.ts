import { z } from 'zod';
import type { CalendarItem } from '../../../lib/calendar.js';
import type { PresenceEditor, RecordPresence } from '../../../lib/presence.js';
import type { PreviewLink, Revision, RevisionSummary } from '../../../lib/revisions.js';
import type { AdminSearchResult, SearchPage, SearchResult, TextPiece } from '../../../lib/search.js';
import type {
  AdminDownloadFile,
  Article,
  ArticleSummary,
  ColourEntry,
  DownloadFile,
  LogoEntry,
  LogoFile,
  MediaFeedItem,
  MediaGenerals,
  MediaOverview,
  MediaSource,
  MenuItem,
  NetworkCollection,
  Photo,
  PhotobankCategoryPage,
  PhotobankGroup,
  PhotobankKind,
  PressArticle,
  PublicImage,
  TextPage,
  Video,
} from '../../../lib/types.js';
import { MENU_KINDS } from '../../../lib/types.js';

/**
 * The shapes of the API's answers (lib/types.ts and the other shared types) as zod schemas, for the OpenAPI
 * description and its tests only: answers are never parsed with them. Each is checked against its type, so the
 * two cannot drift apart; a schema with an `id` becomes one shared component of the document.
 */

export const int = z.int();
export const flag = z.union([z.literal(0), z.literal(1)]);
/**
 * The row's version, which some public reads answer as their rows hold it (menus, networks, photobank groups),
 * though their types do not name it.
 */
const rowVersion = int.optional().meta({ description: 'The version of the row, as stored.' });

/** A moment as the database keeps it: ISO 8601 text. */
export const moment = z.string().meta({ format: 'date-time' });

/** `{ data: … }`: every success body. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data });

export const imageVariant = z.object({ src: z.string(), width: int, format: z.enum(['webp', 'avif']) });

export const imageCrop = z
  .object({ shape: z.enum(['card', 'photo', 'og']), src: z.string(), width: int, height: int })
  .meta({ description: 'The picture cut around its focal point: a card 16:9 and a photobank photo 4:3 (WebP), the social preview 1200 × 630 (JPEG).' });

export const publicImage = z
  .object({ src: z.string(), width: int, height: int, alt: z.string(), variants: z.array(imageVariant), crops: z.array(imageCrop).optional() })
  .meta({
    id: 'Image',
    description: 'An uploaded image with its WebP and AVIF variants and its crops around the focal point; URLs under /uploads/.',
  }) satisfies z.ZodType<PublicImage>;

export const downloadFile = z
  .object({ url: z.string(), name: z.string(), size: int, format: z.string() })
  .meta({ id: 'DownloadFile', description: 'A file offered for download under its original name.' }) satisfies z.ZodType<DownloadFile>;

export const adminDownloadFile = downloadFile
  .extend({
    text_layer: z.boolean().optional().meta({
      description: 'A PDF only, when known: whether it has a text layer; false for a scan that screen readers cannot read.',
    }),
  })
  .meta({ id: 'AdminDownloadFile', description: 'A file offered for download, as the admin reads it.' }) satisfies z.ZodType<AdminDownloadFile>;

/** `{ items, page, perPage, pageCount, total }`: one page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: int, perPage: int, pageCount: int, total: int });

export const articleSummary = z
  .object({ id: int, title: z.string(), slug: z.string(), lead: z.string(), image: publicImage.nullable(), public_at: moment })
  .meta({ id: 'ArticleSummary' }) satisfies z.ZodType<ArticleSummary>;

export const article = z
  .object({ ...articleSummary.shape, content: z.string(), seo_title: z.string(), seo_description: z.string(), views: int, updated_at: moment })
  .meta({ id: 'Article' }) satisfies z.ZodType<Article>;

export const mediaSource = z
  .object({ id: int, name: z.string(), url: z.string(), logo: publicImage.nullable(), active: flag })
  .meta({ id: 'MediaSource' }) satisfies z.ZodType<MediaSource>;

export const pressArticle = z
  .object({
    id: int,
    title: z.string(),
    lead: z.string(),
    url: z.string(),
    public_at: moment,
    source: mediaSource.pick({ id: true, name: true, url: true, logo: true }).nullable(),
  })
  .meta({ id: 'PressArticle' }) satisfies z.ZodType<PressArticle>;

export const video = z
  .object({
    id: int,
    title: z.string(),
    lead: z.string(),
    video_url: z.string(),
    preview: publicImage.nullable(),
    public_at: moment,
    fixed: flag,
    fixed_order: int.nullable(),
  })
  .meta({ id: 'Video' }) satisfies z.ZodType<Video>;

export const mediaFeedItem = z.discriminatedUnion('type', [
  z.object({ type: z.literal('our'), ...articleSummary.shape }),
  z.object({ type: z.literal('other'), ...pressArticle.shape }),
  z.object({ type: z.literal('video'), ...video.shape }),
]) satisfies z.ZodType<MediaFeedItem>;

export const mediaOverview = z.object({
  ours: pageOf(articleSummary),
  others: pageOf(pressArticle),
  videos: pageOf(video),
  reads: z.array(articleSummary),
}) satisfies z.ZodType<MediaOverview>;

export const mediaGenerals = z.object({
  our: articleSummary.nullable(),
  other: pressArticle.nullable(),
  video: video.nullable(),
}) satisfies z.ZodType<MediaGenerals>;

export const menuItem: z.ZodType<MenuItem> = z
  .object({
    id: int,
    parent_id: int.nullable(),
    kind: z.enum(MENU_KINDS),
    title: z.string(),
    url: z.string(),
    position: int,
    version: rowVersion,
    get children() {
      return z.array(menuItem);
    },
  })
  .meta({ id: 'MenuItem', description: 'A menu item with the items under it.' });

export const networkCollection = z
  .object({ id: int, title: z.string(), url: z.string(), icon: z.string(), position: int, version: rowVersion })
  .meta({ id: 'NetworkCollection' }) satisfies z.ZodType<NetworkCollection>;

export const textPage = z
  .object({
    id: int,
    identifier: z.string(),
    section: z.string().nullable(),
    title: z.string(),
    content: z.string(),
    form: z.enum(['enquiry']).nullable().meta({ description: 'A form shown under the text: `enquiry` (the feedback form), or none.' }),
    seo_title: z.string(),
    seo_description: z.string(),
    updated_at: moment,
  })
  .meta({ id: 'TextPage' }) satisfies z.ZodType<TextPage>;

const logoFile = z.object({ id: int, format: z.string(), url: z.string(), size: int }) satisfies z.ZodType<LogoFile>;
const logoEntry = z.object({
  id: int,
  title: z.string(),
  position: int,
  type: z.literal('logo'),
  preview: z.string().nullable(),
  files: z.array(logoFile),
}) satisfies z.ZodType<LogoEntry>;
const colourEntry = z.object({
  id: int,
  title: z.string(),
  position: int,
  type: z.literal('colour'),
  hex: z.string(),
  rgb: z.string(),
  cmyk: z.string(),
  pantone: z.string(),
}) satisfies z.ZodType<ColourEntry>;

export const photo = z
  .object({ id: int, title: z.string(), image: publicImage.nullable(), size: int, position: int })
  .meta({ id: 'Photo' }) satisfies z.ZodType<Photo>;

const photobankKind = z.enum(['logo', 'photo']);

/** A photobank group with its categories in order, each with its first page of items in order and its counts. */
export const photobankGroupOf = <T extends z.ZodType>(item: T) =>
  z.object({
    id: int,
    kind: photobankKind,
    title: z.string(),
    position: int,
    version: rowVersion,
    categories: z.array(
      z.object({
        id: int,
        title: z.string(),
        position: int,
        items: z.array(item).meta({ description: 'The first page of the category; the rest at /api/photobank/categories/{id}?page=N.' }),
        total: int,
        pageCount: int,
      }),
    ),
  });

const logoItem = z.discriminatedUnion('type', [logoEntry, colourEntry]);
export const logoGroup = photobankGroupOf(logoItem) satisfies z.ZodType<PhotobankGroup<LogoEntry | ColourEntry>>;
export const photoGroup = photobankGroupOf(photo) satisfies z.ZodType<PhotobankGroup<Photo>>;

const categoryPageOf = <Kind extends PhotobankKind, T extends z.ZodType>(kind: Kind, item: T) =>
  z.object({ kind: z.literal(kind), category: z.object({ id: int, title: z.string(), group: z.string() }), list: pageOf(item) });

/** One page of a photobank category: logos and colours, or photos. */
export const photobankCategoryPage = z.discriminatedUnion('kind', [
  categoryPageOf('logo', logoItem),
  categoryPageOf('photo', photo),
]) satisfies z.ZodType<PhotobankCategoryPage>;

const textPiece = z.object({ text: z.string(), mark: z.boolean() }) satisfies z.ZodType<TextPiece>;
const searchResult = z.object({
  resource: z.string(),
  id: int,
  kind: z.string(),
  title: z.array(textPiece),
  fragment: z.array(textPiece),
  url: z.string(),
  date: moment,
}) satisfies z.ZodType<SearchResult>;
export const searchPage = z.object({ ...pageOf(searchResult).shape, more: z.boolean() }) satisfies z.ZodType<SearchPage>;

export const adminSearchResult = z.object({
  resource: z.string(),
  id: int,
  kind: z.string(),
  title: z.string(),
  url: z.string(),
  date: moment,
  published: z.boolean(),
}) satisfies z.ZodType<AdminSearchResult>;

export const calendarItem = z.object({
  resource: z.string(),
  id: int,
  title: z.string(),
  kind: z.enum(['publication', 'withdrawal']),
  public_at: moment,
  unpublish_at: moment.nullable(),
  published: z.boolean(),
}) satisfies z.ZodType<CalendarItem>;

export const revisionSummary = z.object({
  id: int,
  created_at: moment,
  user_id: int.nullable(),
  user_email: z.string(),
  changed: z.array(z.string()),
}) satisfies z.ZodType<RevisionSummary>;
export const revision = z.object({ ...revisionSummary.shape, values: z.record(z.string(), z.unknown()) }) satisfies z.ZodType<Revision>;

export const previewLink = z.object({ url: z.string(), expiresAt: moment }) satisfies z.ZodType<PreviewLink>;

export const presenceEditor = z.object({ user_id: int, name: z.string(), since: moment }) satisfies z.ZodType<PresenceEditor>;
export const recordPresence = z.object({ id: int, editors: z.array(presenceEditor) }) satisfies z.ZodType<RecordPresence>;

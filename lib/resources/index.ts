import { auditLog, users } from './administration.js';
import { assetFolders, assets } from './assets.js';
import { mediaOur, news } from './articles.js';
import type { FeedDeclaration, ResourceDescriptor } from './descriptor.js';
import { enquiries, enquiryTopics } from './enquiries.js';
import { investorDocuments } from './investor-documents.js';
import { investorEvents } from './investor-events.js';
import { mediaOther, mediaSource, mediaVideo } from './media.js';
import { photobankCategories, photobankGroups, photobankLogos, photobankPhotos } from './photobank.js';
import { menus, networkCollections, redirects, textPages } from './site.js';
import { vacancies } from './vacancies.js';

export { ASSET_KINDS, assetFolders, assets, type AssetKind, type AssetUse } from './assets.js';
export * from './descriptor.js';
export * from './fields.js';
export * from './localized.js';
export * from './ranges.js';
export { demoMomentAt, isDemoMoment } from './demoDates.js';
export type * from './publicRecords.js';

/** Every admin resource, in the order of the admin's side menu. Adding a resource adds one line here. */
export const RESOURCES = [
  news,
  mediaOur,
  mediaOther,
  mediaVideo,
  mediaSource,
  photobankGroups,
  photobankCategories,
  photobankLogos,
  photobankPhotos,
  assets,
  assetFolders,
  textPages,
  investorDocuments,
  investorEvents,
  vacancies,
  enquiries,
  enquiryTopics,
  menus,
  networkCollections,
  redirects,
  users,
  auditLog,
] as const satisfies readonly ResourceDescriptor[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

const BY_NAME = new Map<string, ResourceDescriptor>(RESOURCES.map((resource) => [resource.name, resource]));

export function isResourceName(name: string): name is ResourceName {
  return BY_NAME.has(name);
}

/** The rich-text fields of each resource that has any (what the sanitiser's passes and the library's uses read). */
export const RICH_TEXT_FIELDS: readonly { resource: ResourceDescriptor; fields: readonly string[] }[] = RESOURCES.map((resource: ResourceDescriptor) => ({
  resource,
  fields: Object.entries(resource.fields)
    .filter(([, field]) => field.kind === 'html')
    .map(([name]) => name),
})).filter(({ fields }) => fields.length > 0);

/** A resource with a feed, and the feed. */
export interface DeclaredFeed {
  resource: ResourceDescriptor;
  feed: FeedDeclaration;
  /** Its list's page, which announces it. */
  listPath: string | undefined;
}

/** Every declared feed, in the registry's order. */
export const FEEDS: readonly DeclaredFeed[] = (RESOURCES as readonly ResourceDescriptor[]).flatMap((resource) =>
  resource.public?.feed ? [{ resource, feed: resource.public.feed, listPath: resource.public.list?.path }] : [],
);

/** The feeds a page at `path` (without its language prefix) announces: its list's feed and the site-wide ones. */
export const feedsOnPage = (path: string | null): DeclaredFeed[] => FEEDS.filter(({ feed, listPath }) => feed.everyPage || listPath === path);

/** The descriptor of a resource by its name. */
export function resourceNamed(name: ResourceName): ResourceDescriptor;
export function resourceNamed(name: string): ResourceDescriptor | undefined;
export function resourceNamed(name: string): ResourceDescriptor | undefined {
  return BY_NAME.get(name);
}

type Registered = (typeof RESOURCES)[number];

/** A registered resource's declaration, with its literal types, by name. */
export type ResourceOf<Name extends ResourceName> = Extract<Registered, { name: Name }>;

/** The resources visitors read as lists, and those with a page per record. */
export type ListedResourceName = Extract<Registered, { public: { list: object } }>['name'];
export type PagedResourceName = Extract<Registered, { public: { page: object } }>['name'];

import { auditLog, users } from './administration.js';
import { mediaOur, news } from './articles.js';
import type { ResourceDescriptor } from './descriptor.js';
import { investorDocuments } from './investor-documents.js';
import { mediaOther, mediaSource, mediaVideo } from './media.js';
import { photobankCategories, photobankGroups, photobankLogos, photobankPhotos } from './photobank.js';
import { menus, networkCollections, redirects, textPages } from './site.js';

export * from './descriptor.js';
export * from './fields.js';

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
  textPages,
  investorDocuments,
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

/** The descriptor of a resource by its name. */
export function resourceNamed(name: ResourceName): ResourceDescriptor;
export function resourceNamed(name: string): ResourceDescriptor | undefined;
export function resourceNamed(name: string): ResourceDescriptor | undefined {
  return BY_NAME.get(name);
}

import { RESOURCES, type MenuGroup, type ResourceName } from '@lib/resources/index.js';
import auditLog from './audit-log/index.js';
import type { ResourceParts } from './common/parts.js';
import { viewsOf, type ResourceViews } from './common/ResourceViews.js';
import investorDocuments from './investor-documents/index.js';
import mediaOther from './media-other/index.js';
import mediaOur from './media-our/index.js';
import mediaSource from './media-source/index.js';
import mediaVideo from './media-video/index.js';
import menus from './menus/index.js';
import networkCollections from './network-collections/index.js';
import news from './news/index.js';
import photobankCategories from './photobank-categories/index.js';
import photobankGroups from './photobank-groups/index.js';
import photobankLogos from './photobank-logos/index.js';
import photobankPhotos from './photobank-photos/index.js';
import textPages from './text-pages/index.js';
import users from './users/index.js';

/** The screens' parts of every resource of the registry, by name: a resource without its folder does not compile. */
const PARTS: Record<ResourceName, ResourceParts> = {
  news,
  'media-our': mediaOur,
  'media-other': mediaOther,
  'media-video': mediaVideo,
  'media-source': mediaSource,
  'photobank-groups': photobankGroups,
  'photobank-categories': photobankCategories,
  'photobank-logos': photobankLogos,
  'photobank-photos': photobankPhotos,
  'text-pages': textPages,
  'investor-documents': investorDocuments,
  menus,
  'network-collections': networkCollections,
  users,
  'audit-log': auditLog,
};

/** Every resource's screens, in the registry's order (the side menu's). */
export const RESOURCE_VIEWS: readonly (ResourceViews & { name: ResourceName })[] = RESOURCES.map((resource) => ({
  name: resource.name,
  ...viewsOf(PARTS[resource.name]),
}));

/** The side menu's groups, in the order their first resource comes in the registry. */
export const MENU_GROUPS: readonly { group: MenuGroup; resources: ResourceName[] }[] = RESOURCES.reduce<{ group: MenuGroup; resources: ResourceName[] }[]>(
  (groups, resource) => {
    const group = groups.find((entry) => entry.group === resource.menu);
    if (group) group.resources.push(resource.name);
    else groups.push({ group: resource.menu, resources: [resource.name] });
    return groups;
  },
  [],
);

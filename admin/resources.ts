import ArticleIcon from '@mui/icons-material/Article';
import CollectionsIcon from '@mui/icons-material/Collections';
import DescriptionIcon from '@mui/icons-material/Description';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import HistoryIcon from '@mui/icons-material/History';
import LanguageIcon from '@mui/icons-material/Language';
import MenuIcon from '@mui/icons-material/Menu';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PaletteIcon from '@mui/icons-material/Palette';
import PeopleIcon from '@mui/icons-material/People';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import RssFeedIcon from '@mui/icons-material/RssFeed';
import ShareIcon from '@mui/icons-material/Share';
import TurnRightIcon from '@mui/icons-material/TurnRight';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import { RESOURCES, type MenuGroup, type ResourceName } from '@lib/resources/index.js';
import { viewsOf, type ResourceViews, type ScreenLoaders } from './common/ResourceViews.js';

/**
 * A resource in the admin: what shows before its screens load (the menu's icon, a record's name in titles and
 * references), and where its list and its form (its folder's `index.ts`) load from.
 */
interface ResourceEntry extends ScreenLoaders {
  icon: ComponentType;
  recordRepresentation: (record: RaRecord) => string;
}

const title = (record: RaRecord) => String(record.title ?? '');

/** Every resource of the registry, by name: a resource without its entry does not compile. */
const ENTRIES: Record<ResourceName, ResourceEntry> = {
  news: {
    icon: NewspaperIcon,
    recordRepresentation: title,
    list: async () => (await import('./news/NewsList.js')).NewsList,
    edit: () => import('./news/index.js'),
  },
  'media-our': {
    icon: ArticleIcon,
    recordRepresentation: title,
    list: async () => (await import('./media-our/MediaOurList.js')).MediaOurList,
    edit: () => import('./media-our/index.js'),
  },
  'media-other': {
    icon: LanguageIcon,
    recordRepresentation: title,
    list: async () => (await import('./media-other/MediaOtherList.js')).MediaOtherList,
    edit: () => import('./media-other/index.js'),
  },
  'media-video': {
    icon: VideoLibraryIcon,
    recordRepresentation: title,
    list: async () => (await import('./media-video/MediaVideoList.js')).MediaVideoList,
    edit: () => import('./media-video/index.js'),
  },
  'media-source': {
    icon: RssFeedIcon,
    recordRepresentation: (record) => String(record.name ?? ''),
    list: async () => (await import('./media-source/MediaSourceList.js')).MediaSourceList,
    edit: () => import('./media-source/index.js'),
  },
  'photobank-groups': { icon: CollectionsIcon, recordRepresentation: title, list: async () => (await import('./photobank-groups/GroupList.js')).GroupList },
  'photobank-categories': {
    icon: FolderIcon,
    recordRepresentation: title,
    list: async () => (await import('./photobank-categories/CategoryList.js')).CategoryList,
    edit: () => import('./photobank-categories/index.js'),
  },
  'photobank-logos': {
    icon: PaletteIcon,
    recordRepresentation: title,
    list: async () => (await import('./photobank-logos/LogoList.js')).LogoList,
    edit: () => import('./photobank-logos/index.js'),
  },
  'photobank-photos': {
    icon: PhotoLibraryIcon,
    recordRepresentation: title,
    list: async () => (await import('./photobank-photos/PhotoList.js')).PhotoList,
    edit: () => import('./photobank-photos/index.js'),
  },
  'text-pages': {
    icon: DescriptionIcon,
    recordRepresentation: (record) => String(record.title ?? record.identifier ?? ''),
    list: async () => (await import('./text-pages/TextPageList.js')).TextPageList,
    edit: () => import('./text-pages/index.js'),
  },
  'investor-documents': {
    icon: FolderOpenIcon,
    recordRepresentation: title,
    list: async () => (await import('./investor-documents/InvestorDocumentList.js')).InvestorDocumentList,
    edit: () => import('./investor-documents/index.js'),
  },
  menus: {
    icon: MenuIcon,
    recordRepresentation: title,
    list: async () => (await import('./menus/MenuList.js')).MenuList,
    edit: () => import('./menus/index.js'),
  },
  'network-collections': {
    icon: ShareIcon,
    recordRepresentation: title,
    list: async () => (await import('./network-collections/NetworkList.js')).NetworkList,
    edit: () => import('./network-collections/index.js'),
  },
  redirects: {
    icon: TurnRightIcon,
    recordRepresentation: (record) => String(record.from_path ?? ''),
    list: async () => (await import('./redirects/RedirectList.js')).RedirectList,
    edit: () => import('./redirects/index.js'),
  },
  users: {
    icon: PeopleIcon,
    recordRepresentation: (record) => String(record.name || record.email || ''),
    list: async () => (await import('./users/UserList.js')).UserList,
    edit: () => import('./users/index.js'),
  },
  'audit-log': {
    icon: HistoryIcon,
    recordRepresentation: (record) => `${String(record.action ?? '')} ${String(record.resource ?? '')}`,
    list: async () => (await import('./audit-log/AuditLogList.js')).AuditLogList,
  },
};

/**
 * Every resource's `<Resource>` props, in the registry's order (the side menu's), its screens loading lazily. A
 * resource has a form exactly when its descriptor allows writes.
 */
export const RESOURCE_VIEWS: readonly (ResourceViews & Pick<ResourceEntry, 'icon' | 'recordRepresentation'> & { name: ResourceName })[] = RESOURCES.map(
  (resource) => {
    const entry = ENTRIES[resource.name];
    if ((resource.api !== 'read-only') !== (entry.edit !== undefined)) {
      throw new Error(`admin/resources.ts: "${resource.name}" must have a form exactly when its descriptor allows writes`);
    }
    return { name: resource.name, icon: entry.icon, recordRepresentation: entry.recordRepresentation, ...viewsOf(entry) };
  },
);

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

/// <reference types="vite/client" />
import { RESOURCES, type MenuGroup, type ResourceName } from '@lib/resources/index.js';
import type { ResourceEntry, ResourceLabels } from './common/resourceEntry.js';
import { viewsOf, type ResourceViews } from './common/ResourceViews.js';

/**
 * Every resource folder's entry, by its path (`./<resource>/entry.ts`: the folder is named after the resource), so a
 * resource joins the admin through its own folder. The entries are bundled with the admin's frame; the screens they
 * point to load lazily.
 */
const ENTRIES = import.meta.glob<ResourceEntry>('./*/entry.ts', { eager: true, import: 'default' });

/** A resource's entry; every resource of the registry has one (a unit test holds the folders to the registry). */
function entryOf(name: ResourceName): ResourceEntry {
  const entry = ENTRIES[`./${name}/entry.ts`];
  if (!entry) throw new Error(`admin/${name}/entry.ts is missing`);
  return entry;
}

/**
 * Every resource's `<Resource>` props, in the registry's order (the side menu's), its screens loading lazily. A
 * resource has a form exactly when its descriptor allows writes.
 */
export const RESOURCE_VIEWS: readonly (ResourceViews & Pick<ResourceEntry, 'icon' | 'recordRepresentation'> & { name: ResourceName })[] = RESOURCES.map(
  (resource) => {
    const entry = entryOf(resource.name);
    if ((resource.api !== 'read-only') !== (entry.edit !== undefined)) {
      throw new Error(`admin/${resource.name}/entry.ts must have a form exactly when its descriptor allows writes`);
    }
    return { name: resource.name, icon: entry.icon, recordRepresentation: entry.recordRepresentation, ...viewsOf(entry, resource.api !== 'update') };
  },
);

/** The resources' names and their fields' labels, as their entries declare them (merged over `appMessages`). */
export const resourceMessages: { resources: Readonly<Record<string, ResourceLabels>> } = {
  resources: Object.fromEntries(RESOURCES.map((resource) => [resource.name, entryOf(resource.name).labels])),
};

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

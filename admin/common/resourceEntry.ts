import type { ComponentType } from 'react';
import type { RaRecord } from 'react-admin';
import type { ScreenLoaders } from './ResourceViews.js';

/**
 * A resource's Russian texts, under `resources.<name>` of the admin's messages: its name in the singular and the
 * plural (`Новость |||| Новости`), the labels of its fields (columns, inputs and filters find theirs by the field's
 * name), and any other text its screens translate as `resources.<name>.<key>`.
 */
export interface ResourceLabels {
  name: string;
  fields: Readonly<Record<string, string>>;
  [text: string]: string | Readonly<Record<string, string>>;
}

/**
 * What a resource folder declares about itself in its `entry.ts` (the folder is named after the resource): what
 * shows before its screens load (the menu's icon, a record's name in titles and references, its texts), and where
 * its list and its form (the folder's `index.ts`) load from. The admin bundles every entry with its frame, so an
 * entry imports its icon and its texts only; its screens load lazily, each a chunk of its own.
 */
export interface ResourceEntry extends ScreenLoaders {
  icon: ComponentType;
  recordRepresentation: (record: RaRecord) => string;
  labels: ResourceLabels;
}

/** A record named by its title (most resources). */
export const recordTitle = (record: RaRecord): string => String(record.title ?? '');

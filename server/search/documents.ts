import { RESOURCES, type ResourceDescriptor, type SearchDeclaration } from '../../lib/resources/index.js';
import { plainText } from '../../lib/html.js';
import { DEFAULT_LOCALE, localizedPath, type Locale, type TranslationLocale } from '../../lib/locales.js';

/** A resource the search indexes. */
export type SearchableResource = ResourceDescriptor & {
  search: SearchDeclaration;
};

export const SEARCHABLE: readonly SearchableResource[] = RESOURCES.filter((resource): resource is (typeof RESOURCES)[number] & SearchableResource =>
  Boolean((resource as ResourceDescriptor).search),
);

export const searchableNamed = (name: string): SearchableResource | undefined => SEARCHABLE.find((resource) => resource.name === name);

/** What the index keeps of one record. */
export interface SearchDocument {
  resource: string;
  record_id: number;
  title: string;
  body: string;
  url: string;
  date: string;
  public_at: string | null;
  unpublish_at: string | null;
  published: number;
  /** The language of the entry. */
  locale: Locale;
}

const textOf = (resource: ResourceDescriptor, name: string, value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return resource.fields[name]?.kind === 'html' ? plainText(text) : text.replace(/\s+/g, ' ').trim();
};

/** Where a result leads: the declared address, or the record's public page. */
function resultAddress(resource: SearchableResource): (record: Readonly<Record<string, unknown>>) => string {
  const address = resource.search.url ?? resource.public?.page?.path;
  if (!address) throw new Error(`${resource.name}: a searchable resource declares where a result leads, or has a page`);
  return address;
}

/**
 * The columns whose first value is a record's date in the index: the date its results declare they show (an event's
 * start), else when it is published, else when it was last changed. The rebuild orders the records by the same
 * columns in the database.
 */
export const dateColumnsOf = (resource: SearchableResource): string[] => [
  ...(resource.search.date ? [resource.search.date] : 'public_at' in resource.fields ? ['public_at'] : []),
  ...(resource.timestamps ? ['updated_at', 'created_at'] : []),
];

/**
 * One record as the index keeps it. Records with `published`, `public_at` and `unpublish_at` are visible publicly
 * when published, their date has come and their withdrawal has not; records without them (text pages) always are.
 */
export function documentOf(resource: SearchableResource, row: Readonly<Record<string, unknown>>, locale?: TranslationLocale): SearchDocument {
  const [titleField, ...textFields] = resource.search.fields;
  const publicAt = 'public_at' in resource.fields ? (row.public_at as string | null) : null;
  return {
    resource: resource.name,
    record_id: Number(row.id),
    title: textOf(resource, titleField, row[titleField]),
    body: textFields
      .map((name) => textOf(resource, name, row[name]))
      .filter(Boolean)
      .join(' '),
    // A result in another language leads to the record's page in it; a declared address (a file, a section) stays.
    url: locale && !resource.search.url ? localizedPath(locale, resultAddress(resource)(row)) : resultAddress(resource)(row),
    date: String(dateColumnsOf(resource).reduce<unknown>((date, name) => date ?? row[name], null) ?? ''),
    public_at: publicAt,
    unpublish_at: 'unpublish_at' in resource.fields ? (row.unpublish_at as string | null) : null,
    published: 'published' in resource.fields ? Number(row.published) : 1,
    locale: locale ?? DEFAULT_LOCALE,
  };
}

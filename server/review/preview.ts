import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { assetById, columnValueOf } from '../assets/library.js';
import type { Db } from '../db/schema.js';
import type { Values } from '../resources/hooks.js';
import { columnUploads } from '../resources/uploadColumns.js';
import { draftOf, draftValuesOf } from './store.js';

/** The fields a draft preview shows from the draft besides its pictures and files: texts and rich HTML. */
const TEXT_KINDS = new Set(['text', 'html']);

/**
 * A record's page values as its draft would publish them, for a draft preview link: the draft's texts (kept as a
 * save stores them, rich HTML sanitised) over the live values read in `locale`, and in Russian its pictures and files
 * chosen from the media library (or removed). Dates, flags, links and addresses stay live. A record without a draft
 * is itself.
 */
export async function withDraftShown(db: Db, resource: ResourceDescriptor, row: Values & { id: number }, locale: Locale): Promise<Values> {
  const draft = await draftOf(db, resource.name, row.id);
  if (!draft) return row;
  const values = draftValuesOf(draft);
  const translations = values.translations as Record<string, Values | null | undefined> | undefined;
  const source = locale === DEFAULT_LOCALE ? values : (translations?.[locale] ?? {});
  const shown: Values = { ...row };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (TEXT_KINDS.has(field.kind) && typeof source[name] === 'string') shown[name] = source[name];
  }
  if (locale !== DEFAULT_LOCALE) return shown;
  for (const [name, field] of columnUploads(resource)) {
    const picked = values[name];
    const asset = typeof picked === 'number' ? await assetById(db, picked) : undefined;
    if (asset) shown[name] = columnValueOf(field, asset);
    // A draft that removes the picture (a plain REST resource's `null`) shows none.
    else if (picked === null) shown[name] = null;
  }
  return shown;
}

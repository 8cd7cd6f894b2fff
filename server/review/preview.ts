import type { Locale } from '../../lib/locales.js';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { DEFAULT_LOCALE } from '../../lib/locales.js';
import type { Db } from '../db/schema.js';
import type { Values } from '../resources/hooks.js';
import { draftOf, draftValuesOf } from './store.js';

/** The fields a draft preview shows from the draft: texts and rich HTML; files, dates, flags and links stay live. */
const PREVIEWED_KINDS = new Set(['text', 'html']);

/**
 * A record's page values as its draft would publish them, for a draft preview link: the draft's texts (kept as a
 * save stores them, rich HTML sanitised) over the live values read in `locale`. A record without a draft is itself.
 */
export async function withDraftTexts(db: Db, resource: ResourceDescriptor, row: Values & { id: number }, locale: Locale): Promise<Values> {
  const draft = await draftOf(db, resource.name, row.id);
  if (!draft) return row;
  const values = draftValuesOf(draft);
  const translations = values.translations as Record<string, Values | null | undefined> | undefined;
  const source = locale === DEFAULT_LOCALE ? values : (translations?.[locale] ?? {});
  const texts = Object.entries(resource.fields).filter(([name, field]) => PREVIEWED_KINDS.has(field.kind) && typeof source[name] === 'string');
  return { ...row, ...Object.fromEntries(texts.map(([name]) => [name, source[name]])) };
}

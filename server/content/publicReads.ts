import type { Kysely } from 'kysely';
import type { PublicReads, PublicRecord } from '../../lib/content.js';
import { idFromText, isPathKey } from '../../lib/ids.js';
import { resourceNamed, type ListPart, type PublicListDeclaration, type PublicPageDeclaration, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';
import type { PreviewTarget } from '../preview/links.js';
import { withDraftShown } from '../review/preview.js';
import { toDownloadFile, toPublicImage } from './mappers.js';
import { sortedBy } from './listIndexes.js';
import { partNamed, partNow } from './listParts.js';
import { withTextImages } from './textImages.js';
import { inOrderOf, listKey, pageOfKeys, type KeepPerGeneration } from './paging.js';
import type { ViewRecorder } from './viewCounter.js';
import { visibleNow, visibleNowOrPreviewed } from './visibility.js';
import { DEFAULT_LOCALE, type Locale } from '../../lib/locales.js';
import { inLanguage, translatedIn, withTranslatedValues } from '../translations/publicReads.js';

type Listed = ResourceDescriptor & { public: { list: PublicListDeclaration } };
type Paged = ResourceDescriptor & { public: { page: PublicPageDeclaration } };

function listedResource(name: string): Listed {
  const resource = resourceNamed(name);
  if (!resource?.public?.list) throw new Error(`${name} declares no public list`);
  return resource as Listed;
}

function pagedResource(name: string): Paged {
  const resource = resourceNamed(name);
  if (!resource?.public?.page) throw new Error(`${name} declares no public page`);
  return resource as Paged;
}

/** The address a single file of a public list downloads from, under its original name. */
export const publicFileUrl = (api: string, id: number, field: string): string => `/api/${api}/${id}/${field}`;

/** The columns a row must carry to show the named fields: an image's alt text, and the title it falls back to. */
function columnsFor(resource: ResourceDescriptor, names: readonly string[]): string[] {
  const columns = new Set(['id', ...names]);
  for (const name of names) {
    const field = resource.fields[name];
    if (field?.kind === 'image' && field.alt) columns.add(field.alt);
  }
  if ('title' in resource.fields) columns.add('title');
  return [...columns];
}

/**
 * A row as visitors read it: the named fields, an image with its variants and its alt text (the record's title
 * when none is given), a single file as a download (from the list's own address when it has one).
 */
function toPublicRecord(resource: ResourceDescriptor, names: readonly string[], row: Record<string, unknown>): PublicRecord {
  const record: PublicRecord = { id: Number(row.id) };
  const api = resource.public?.list?.api;
  for (const name of names) {
    const field = resource.fields[name];
    const value = row[name] as string | null;
    if (field?.kind === 'image') {
      const alt = (field.alt && (row[field.alt] as string)) || String(row.title ?? '');
      record[name] = toPublicImage(value, alt);
    } else if (field?.kind === 'files' && field.maxFiles === 1) {
      const file = toDownloadFile(value);
      record[name] = file && api ? { ...file, url: publicFileUrl(api, record.id, name) } : file;
    } else {
      record[name] = row[name];
    }
  }
  return record;
}

/**
 * The declared order (a part's own when a part is read), newest first (`public_at`) when none is declared; `id`
 * breaks ties the way the last key goes.
 */
export function publicOrderOf(resource: ResourceDescriptor, list: PublicListDeclaration, part?: ListPart): (readonly [string, 'asc' | 'desc'])[] {
  const order = part?.order ?? list.order ?? ('public_at' in resource.fields ? [['public_at', 'desc'] as const] : []);
  return [...order, ['id', order.at(-1)?.[1] ?? 'desc']];
}

/**
 * The reads visitors make of every resource that declares them: its list (filtered, paged, ordered) and the page
 * of one record, both under the one visibility rule. A list's order (its ids) is read once per generation (`keep`):
 * through the index its declaration derives (listIndexes.ts), without touching the rows; a page then reads its own
 * rows only. `previewed` names the record a preview link opened: its page shows it even as a draft or scheduled,
 * and that read is not counted.
 */
export function createPublicReads(
  db: Kysely<Database>,
  views: ViewRecorder,
  keep: KeepPerGeneration,
  previewed: PreviewTarget | null = null,
  locale: Locale = DEFAULT_LOCALE,
): PublicReads {
  const tables = declared(db);
  // In another language than Russian, visitors read only the records translated into it, in its words.
  const english = locale !== DEFAULT_LOCALE ? locale : null;
  const visible = (resource: ResourceDescriptor, filters: Readonly<Record<string, string | number>>) => {
    let query = tables.selectFrom(resource.table).where(visibleNow(resource));
    if (english) query = query.where(translatedIn(resource, english));
    for (const [name, value] of Object.entries(filters)) query = query.where(name, '=', value);
    return query;
  };
  /** The keys of what is kept per generation, apart per language. */
  const kept = (key: string) => (english ? `${english}:${key}` : key);
  /** Rows with their localized fields in the language read. */
  const localized = (resource: ResourceDescriptor, rows: Record<string, unknown>[]) => (english ? withTranslatedValues(db, resource, english, rows) : rows);

  /** The ids of a list (of its part, when it has parts), in its order, as visitors see it now. */
  const orderedIds = (resource: Listed, filters: Readonly<Record<string, string | number>>, part: ListPart | null) =>
    keep(kept(listKey(resource.name, part ? { ...filters, [resource.public.list.parts?.param ?? '']: part.name } : filters)), async () => {
      const query = visible(resource, filters).select('id');
      const rows = await sortedBy(part ? query.where(partNow(part)) : query, publicOrderOf(resource, resource.public.list, part ?? undefined)).execute();
      return rows.map((row) => Number(row.id));
    });

  return {
    list(name, { filters = {}, part: partName, page, perPage }) {
      const resource = listedResource(name);
      const { fields } = resource.public.list;
      const part = partNamed(resource.public.list, partName);
      return pageOfKeys(page, perPage ?? resource.public.list.perPage, orderedIds(resource, filters, part), async (ids) => {
        const rows = await tables
          .selectFrom(resource.table)
          .select(columnsFor(resource, fields))
          .where('id', 'in', [...ids])
          .execute();
        return (await localized(resource, inOrderOf(ids, rows))).map((row) => toPublicRecord(resource, fields, row));
      });
    },

    async record(name, key) {
      if (!isPathKey(key)) return null;
      const resource = pagedResource(name);
      const { page } = resource.public;
      const previewedId = previewed?.resource === name ? previewed.id : null;
      const byId = page.byId ? idFromText(key) : null;
      const query = tables
        .selectFrom(resource.table)
        .select([...columnsFor(resource, page.fields), ...(page.countsViews ? ['views'] : [])])
        .where(visibleNowOrPreviewed(resource, previewedId));
      const inRussian = () =>
        query
          .where((eb) => (byId === null ? eb(page.key, '=', key) : eb.or([eb('id', '=', byId), eb(page.key, '=', key)])))
          .orderBy('id')
          .executeTakeFirst();
      const translated = english ? await inLanguage(query, resource, english, page.key, key, byId, previewedId) : undefined;
      const fallback = english !== null && !translated && page.russianFallback === true;
      const found = english && !fallback ? translated : await inRussian();
      if (!found) return null;
      const [read = found] = english && !fallback ? await localized(resource, [found]) : [found];
      // A draft preview link shows the record's texts as its draft would publish them.
      const asDraft = previewed?.draft === true && previewedId !== null && read.id === previewedId;
      const row = asDraft ? await withDraftShown(db, resource, { ...read, id: previewedId }, english && !fallback ? english : DEFAULT_LOCALE) : read;
      const record = toPublicRecord(resource, page.countsViews ? [...page.fields, 'views'] : page.fields, row);
      for (const name of page.fields) {
        if (resource.fields[name]?.kind === 'html' && typeof record[name] === 'string') record[name] = await withTextImages(db, record[name]);
      }
      if (fallback) record.inRussian = true;
      if (page.countsViews && record.id !== previewedId) views.record(resource.table, record.id);
      return record;
    },

    async values(name, field) {
      const resource = listedResource(name);
      // Years and other numbers newest first, names in alphabetical order.
      const order = resource.fields[field]?.kind === 'integer' ? 'desc' : 'asc';
      return keep(kept(`values:${name}:${field}`), async () => {
        const rows = await visible(resource, {}).select(field).distinct().orderBy(field, order).execute();
        return rows.map((row) => row[field] as string | number);
      });
    },

    async keyIn(name, id, language) {
      const resource = pagedResource(name);
      const { key } = resource.public.page;
      const translation = language !== DEFAULT_LOCALE ? language : null;
      let query = tables.selectFrom(resource.table).select(['id', key]).where(visibleNow(resource)).where('id', '=', id);
      if (translation) query = query.where(translatedIn(resource, translation));
      const row = await query.executeTakeFirst();
      if (!row) return null;
      const [read = row] = translation ? await withTranslatedValues(db, resource, translation, [row]) : [row];
      return String(read[key]);
    },

    async file(name, id, field) {
      const resource = listedResource(name);
      const row = await visible(resource, {}).select(field).where('id', '=', id).executeTakeFirst();
      const json = row?.[field];
      return typeof json === 'string' ? (JSON.parse(json) as StoredDocument) : null;
    },
  };
}

import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { readRecord } from '@lib/content.js';
import { resourceNamed, type PagedResourceName, type PageRecord, type ResourceOf } from '@lib/resources/index.js';
import { ROUTE_NOT_FOUND_MESSAGE } from '@lib/site.js';
import { choiceNamesWith } from './i18n/choices.js';
import { recordPathsOf } from './i18n/recordPaths.js';
import type { PageMeta, WithMeta } from './meta.js';

export interface RecordPageData<Name extends PagedResourceName> extends WithMeta {
  record: PageRecord<ResourceOf<Name>>;
  /** The names of the choice fields' keys. */
  choices: Record<string, Record<string, string>>;
}

export interface RecordPageTexts<Name extends PagedResourceName> {
  /** The page's title and description for the document head, from the record. */
  meta: (record: PageRecord<ResourceOf<Name>>) => Omit<PageMeta, 'canonicalPath'>;
  /** The names of choice fields' keys in the page's language where they differ from the declared ones. */
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/**
 * The data of a record's page, from its declaration: the record the address names by its key (the route's
 * parameter of the same name), visible or previewed, else the 404 page; its canonical address is the declared one.
 */
export async function recordPageData<Name extends PagedResourceName>(
  pageContext: PageContextServer,
  resource: Name,
  texts: RecordPageTexts<Name>,
): Promise<RecordPageData<Name>> {
  const declaration = resourceNamed(resource);
  const page = declaration.public?.page;
  if (!page) throw new Error(`${resource} declares no page`);
  const record = await readRecord(pageContext.content.reads, resource, pageContext.routeParams[page.key] ?? '');
  if (!record) throw render(404, ROUTE_NOT_FOUND_MESSAGE);
  const canonicalPath = page.path(record);
  const data = { record, choices: choiceNamesWith(declaration.fields, texts.choices), meta: { ...texts.meta(record), canonicalPath } };
  if (!pageContext.site.locales) return data;
  return {
    ...data,
    meta: {
      ...data.meta,
      translatedPaths: await recordPathsOf(pageContext, resource, record.id),
      sectionPath: declaration.public?.list?.path ?? canonicalPath,
    },
  };
}

import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { readList } from '@lib/content.js';
import { PAGE_NOT_FOUND_MESSAGE } from '@lib/paging.js';
import {
  resourceNamed,
  type Field,
  type ListedResourceName,
  type ListFilters,
  type ListItem,
  type PublicListDeclaration,
  type ResourceOf,
} from '@lib/resources/index.js';
import type { Page } from '@lib/types.js';
import { localizedPath } from '@lib/locales.js';
import { assertPageExists, currentPage } from './guards.js';
import { choiceNamesWith } from './i18n/choices.js';
import { localeOf } from './i18n/pageTexts.js';
import { listHref, type WithMeta } from './meta.js';

/** One filter of a list page as its chips show it: every value visitors can pick, and which one is picked. */
export interface FilterChips {
  name: string;
  /** The chips' accessible name («Категории документов»). */
  label: string;
  /** The chip that clears the filter («Все документы»). */
  all: string;
  options: { value: string; label: string }[];
  /** The picked value, or null for all. */
  current: string | null;
}

export interface ListPageData<Name extends ListedResourceName> extends WithMeta {
  list: Page<ListItem<ResourceOf<Name>>>;
  filters: FilterChips[];
  /** The picked filters, as the list's links and its API address carry them. */
  chosen: Record<string, string>;
  /** The list's path on the site, in the page's language. */
  path: string;
  /** Its JSON address, which «Показать ещё» reads the next pages from (with the picked filters), or null. */
  api: string | null;
  /** The names of the choice fields' keys. */
  choices: Record<string, Record<string, string>>;
}

export interface ListPageTexts<Name extends ListedResourceName> {
  title: string;
  description: string;
  /** The names of choice fields' keys in the page's language where they differ from the declared ones. */
  choices?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The chips' texts of each declared filter. */
  filters: { [Filter in keyof ListFilters<ResourceOf<Name>>]-?: { label: string; all: string } };
  /** For a list in parts: the chips' accessible name and each part's name (the first part's chip clears the choice). */
  parts?: { label: string; names: Readonly<Record<string, string>> };
}

/**
 * The part of a list the address picks (`?period=past`), or null for the first one; a name that is no part is a page
 * that does not exist.
 */
function pickedPart(list: PublicListDeclaration, search: Readonly<Record<string, string>>): string | null {
  const raw = list.parts ? search[list.parts.param] : undefined;
  if (!list.parts || raw === undefined || raw === '' || raw === list.parts.parts[0].name) return null;
  if (!list.parts.parts.some((part) => part.name === raw)) throw render(404, PAGE_NOT_FOUND_MESSAGE);
  return raw;
}

/** The chips of a list's parts: the first part clears the choice, the others pick themselves. */
function partChips(list: PublicListDeclaration, texts: ListPageTexts<ListedResourceName>['parts'], current: string | null): FilterChips[] {
  if (!list.parts) return [];
  const [first, ...others] = list.parts.parts;
  const name = (part: string) => texts?.names[part] ?? part;
  return [
    {
      name: list.parts.param,
      label: texts?.label ?? list.parts.param,
      all: name(first.name),
      options: others.map((part) => ({ value: part.name, label: name(part.name) })),
      current,
    },
  ];
}

/** A filter's value from the address: a choice it declares, an integer in its range, or a short text; else undefined. */
function filterValue(field: Field, value: string): string | number | undefined {
  if (field.kind === 'choice') return field.choices.some((choice) => choice.id === value) ? value : undefined;
  if (field.kind === 'integer') return /^-?\d{1,9}$/.test(value) && Number(value) >= field.min && Number(value) <= field.max ? Number(value) : undefined;
  if (field.kind === 'text') return value.length <= field.max ? value : undefined;
  return undefined;
}

/**
 * The data of a resource's list page, from its declaration: the filters the address picks (a value that names
 * nothing is a page that does not exist), the chips of every filter (a choice's declared values, or the values
 * visible records take), one page of the list and the page's meta.
 */
export async function listPageData<Name extends ListedResourceName>(
  pageContext: PageContextServer,
  resource: Name,
  texts: ListPageTexts<Name>,
): Promise<ListPageData<Name>> {
  const declaration = resourceNamed(resource);
  const list = declaration.public?.list;
  if (!list?.path) throw new Error(`${resource} declares no list page`);
  const { path } = list;
  const { search } = pageContext.urlParsed;
  const chosen: Record<string, string> = {};
  const values: Record<string, string | number> = {};
  for (const name of list.filters) {
    const raw = search[name];
    if (raw === undefined || raw === '') continue;
    const field = declaration.fields[name];
    const value = field && filterValue(field, raw);
    if (value === undefined) throw render(404, PAGE_NOT_FOUND_MESSAGE);
    chosen[name] = raw;
    values[name] = value;
  }
  const part = pickedPart(list, search);
  if (list.parts && part !== null) chosen[list.parts.param] = part;
  const page = currentPage(pageContext);
  const [items, ...filterValues] = await Promise.all([
    readList(pageContext.content.reads, resource, { filters: values as ListFilters<ResourceOf<Name>>, part: part ?? undefined, page }),
    ...list.filters.map(async (name) => {
      const field = declaration.fields[name];
      if (field?.kind === 'choice') return field.choices.map((choice) => choice.id);
      return (await pageContext.content.reads.values(resource, name)).map(String);
    }),
  ]);
  assertPageExists(page, items.pageCount);
  const filterTexts = texts.filters as Record<string, { label: string; all: string }>;
  const locale = localeOf(pageContext);
  const choices = choiceNamesWith(declaration.fields, texts.choices);
  // The label of a filter's value: a choice's name, else the value itself.
  const valueLabel = (name: string, value: string): string => choices[name]?.[value] ?? value;
  const filters = [
    ...partChips(list, texts.parts, part),
    ...list.filters.map((name, index) => ({
      name,
      label: filterTexts[name]?.label ?? name,
      all: filterTexts[name]?.all ?? name,
      options: (filterValues[index] ?? []).map((value) => ({ value, label: valueLabel(name, value) })),
      current: chosen[name] ?? null,
    })),
  ];
  const picked = filters.flatMap((filter) => {
    const label = filter.options.find((option) => option.value === filter.current)?.label;
    return filter.current === null ? [] : [label ?? valueLabel(filter.name, filter.current)];
  });
  return {
    list: items,
    filters,
    chosen,
    path: localizedPath(locale, path),
    api: list.api ? `/api/${list.api}` : null,
    choices,
    meta: {
      title: [texts.title, ...picked].join(' — '),
      page,
      description: texts.description,
      canonicalPath: listHref(path, chosen, page),
    },
  };
}

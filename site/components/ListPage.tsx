import type { ReactNode } from 'react';
import type { ListedResourceName, ListItem, ResourceOf } from '@lib/resources/index.js';
import { useLoadMore } from '../client/useLoadMore.js';
import type { ListPageData } from '../listPages.js';
import { useApiInLanguage, useTexts } from '../i18n/useTexts.js';
import { listHref } from '../meta.js';
import { Breadcrumbs, type Crumb } from './Breadcrumbs.js';
import { FilterChips } from './FilterChips.js';
import { LoadMoreButton } from './LoadMoreButton.js';
import { Pagination } from './Pagination.js';

interface ListPageProps<Name extends ListedResourceName> {
  data: ListPageData<Name>;
  /** The crumbs above the page, the page itself last. */
  breadcrumbs: Crumb[];
  heading: string;
  /** What the page says when nothing matches. */
  empty: string;
  /** The items shown so far, in the page's own layout (cards, rows). */
  children: (items: ListItem<ResourceOf<Name>>[]) => ReactNode;
}

/**
 * A resource's list page: breadcrumbs, heading (with the page number past the first), filter chips, the items,
 * «Показать ещё» (when the list has a JSON address) and the page links, all keeping the picked filters.
 */
export function ListPage<Name extends ListedResourceName>({ data, breadcrumbs, heading, empty, children }: ListPageProps<Name>) {
  const { list: initial, api, chosen, path, filters } = data;
  const texts = useTexts();
  const inLanguage = useApiInLanguage();
  const list = useLoadMore(initial, (page) => (api ? inLanguage(listHref(api, chosen, page)) : listHref(path, chosen, page)));
  return (
    <div className="container page">
      <Breadcrumbs items={breadcrumbs} />
      <h1 className="page__title">
        {heading}
        {initial.page > 1 ? (
          <span className="page__suffix">
            {texts.headingPage}
            {initial.page}
          </span>
        ) : null}
      </h1>
      <FilterChips filters={filters} path={path} chosen={chosen} />
      {list.items.length === 0 ? <p className="empty">{empty}</p> : children(list.items)}
      {api && <LoadMoreButton list={list} />}
      <Pagination pathname={path} page={initial.page} pageCount={initial.pageCount} chosen={chosen} />
    </div>
  );
}

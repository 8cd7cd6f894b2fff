import { useData } from 'vike-react/useData';
import type { LogoItem, Page as ListPage, Photo, PhotobankCategoryPage } from '@lib/types.js';
import { PHOTOBANK_PATH, photobankCategoryPath } from '@lib/site.js';
import { useLoadMore } from '../../../../../client/useLoadMore.js';
import { Breadcrumbs } from '../../../../../components/Breadcrumbs.js';
import { LoadMoreButton } from '../../../../../components/LoadMoreButton.js';
import { Pagination } from '../../../../../components/Pagination.js';
import { LogoItems, PhotoItems } from '../../../../../components/photobank/PhotobankItems.js';
import { useApiInLanguage, useLocalizedPath, useTexts } from '../../../../../i18n/useTexts.js';
import type { PhotobankCategoryData } from './+data.js';

/** «Показать ещё» reads the category's next page from its JSON address. */
function useCategoryPages<T>(id: number, initial: ListPage<T>) {
  const inLanguage = useApiInLanguage();
  return useLoadMore(
    initial,
    (page) => inLanguage(`/api/photobank/categories/${id}?page=${page}`),
    (answer) => (answer as PhotobankCategoryPage).list as ListPage<T>,
  );
}

function Logos({ id, initial }: { id: number; initial: ListPage<LogoItem> }) {
  const list = useCategoryPages(id, initial);
  return (
    <>
      <LogoItems items={list.items} firstLogoId={list.items.find((item) => item.type === 'logo' && item.preview)?.id} heading="h2" />
      <LoadMoreButton list={list} />
    </>
  );
}

function Photos({ id, initial }: { id: number; initial: ListPage<Photo> }) {
  const list = useCategoryPages(id, initial);
  return (
    <>
      <PhotoItems items={list.items} heading="h2" />
      <LoadMoreButton list={list} />
    </>
  );
}

export function Page() {
  const data = useData<PhotobankCategoryData>();
  const { category, list } = data;
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { title: texts.mediaCentre, href: localized('/media/nashi-novosti') },
          { title: texts.mediaTabs.photobank.title, href: localized(PHOTOBANK_PATH) },
          { title: category.title },
        ]}
      />
      <h1 className="page__title">
        {category.title}
        {list.page > 1 ? (
          <span className="page__suffix">
            {texts.headingPage}
            {list.page}
          </span>
        ) : null}
      </h1>
      <p className="pb-category__group">{category.group}</p>
      {list.items.length === 0 ? (
        <p className="empty">{texts.emptyCategory}</p>
      ) : data.kind === 'logo' ? (
        <Logos id={category.id} initial={data.list} />
      ) : (
        <Photos id={category.id} initial={data.list} />
      )}
      <Pagination pathname={localized(photobankCategoryPath(category.id))} page={list.page} pageCount={list.pageCount} />
    </div>
  );
}

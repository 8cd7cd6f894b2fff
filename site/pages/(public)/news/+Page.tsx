import { useData } from 'vike-react/useData';
import { DEFAULT_LOCALE } from '@lib/locales.js';
import { ArticleCard } from '../../../components/ArticleCard.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { LoadMoreButton } from '../../../components/LoadMoreButton.js';
import { Pagination } from '../../../components/Pagination.js';
import { useLoadMore } from '../../../client/useLoadMore.js';
import { useLocale, useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { NewsListData } from './+data.js';

export function Page() {
  const { list: initial, meta } = useData<NewsListData>();
  const texts = useTexts();
  const locale = useLocale();
  const localized = useLocalizedPath();
  // More pages in the page's language (a Russian list's address stays as it was).
  const language = locale === DEFAULT_LOCALE ? '' : `&locale=${locale}`;
  const list = useLoadMore(initial, (page) => `/api/news/items?ourPage=${page}${language}`);
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: texts.news }]} />
      <h1 className="page__title">
        {texts.news}
        {meta.page && meta.page > 1 ? (
          <span className="page__suffix">
            {texts.headingPage}
            {meta.page}
          </span>
        ) : null}
      </h1>
      {list.items.length === 0 ? (
        <p className="empty">{texts.noNews}</p>
      ) : (
        <div className="cards" data-testid="news-list">
          {list.items.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={localized(`/news/${article.slug}`)} priority={index < 3} />
          ))}
        </div>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname={localized('/news')} page={initial.page} pageCount={initial.pageCount} />
    </div>
  );
}

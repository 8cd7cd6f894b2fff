import { useData } from 'vike-react/useData';
import { ArticleCard } from '../../../components/ArticleCard.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { LoadMoreButton } from '../../../components/LoadMoreButton.js';
import { Pagination } from '../../../components/Pagination.js';
import { useLoadMore } from '../../../client/useLoadMore.js';
import { useApiInLanguage, useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { NewsListData } from './+data.js';

export function Page() {
  const { list: initial, meta } = useData<NewsListData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const inLanguage = useApiInLanguage();
  const list = useLoadMore(initial, (page) => inLanguage(`/api/news/items?ourPage=${page}`));
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

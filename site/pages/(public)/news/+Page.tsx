import { useData } from 'vike-react/useData';
import { ArticleCard } from '../../../components/ArticleCard.js';
import { Breadcrumbs } from '../../../components/Breadcrumbs.js';
import { LoadMoreButton } from '../../../components/LoadMoreButton.js';
import { Pagination } from '../../../components/Pagination.js';
import { useLoadMore } from '../../../client/useLoadMore.js';
import type { NewsListData } from './+data.js';

export function Page() {
  const { list: initial, meta } = useData<NewsListData>();
  const list = useLoadMore(initial, (page) => `/api/news/items?ourPage=${page}`);
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: 'Новости' }]} />
      <h1 className="page__title">Новости{meta.page && meta.page > 1 ? <span className="page__suffix"> — страница {meta.page}</span> : null}</h1>
      {list.items.length === 0 ? (
        <p className="empty">Новостей пока нет.</p>
      ) : (
        <div className="cards" data-testid="news-list">
          {list.items.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={`/news/${article.slug}`} priority={index < 3} />
          ))}
        </div>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname="/news" page={initial.page} pageCount={initial.pageCount} />
    </div>
  );
}

import { useData } from 'vike-react/useData';
import type { MediaOverview } from '@lib/types.js';
import { useLoadMore } from '../../../../client/useLoadMore.js';
import { ArticleCard } from '../../../../components/ArticleCard.js';
import { LoadMoreButton } from '../../../../components/LoadMoreButton.js';
import { MediaLayout } from '../../../../components/MediaLayout.js';
import { Pagination } from '../../../../components/Pagination.js';
import type { OursData } from './+data.js';

export function Page() {
  const { list: initial } = useData<OursData>();
  const list = useLoadMore(
    initial,
    (page) => `/api/media/items?ourPage=${page}`,
    (answer) => (answer as MediaOverview).ours,
  );
  return (
    <MediaLayout tab="nashi-novosti" page={initial.page}>
      {list.items.length === 0 ? (
        <p className="empty">Публикаций пока нет.</p>
      ) : (
        <div className="cards">
          {list.items.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={`/media/nashi-novosti/${article.slug}`} priority={index < 3} />
          ))}
        </div>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname="/media/nashi-novosti" page={initial.page} pageCount={initial.pageCount} />
    </MediaLayout>
  );
}

import { useData } from 'vike-react/useData';
import type { MediaOverview } from '@lib/types.js';
import { useLoadMore } from '../../../../client/useLoadMore.js';
import { ArticleCard } from '../../../../components/ArticleCard.js';
import { LoadMoreButton } from '../../../../components/LoadMoreButton.js';
import { MediaLayout } from '../../../../components/MediaLayout.js';
import { Pagination } from '../../../../components/Pagination.js';
import { useApiInLanguage, useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import type { OursData } from './+data.js';

export function Page() {
  const { list: initial } = useData<OursData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const inLanguage = useApiInLanguage();
  const list = useLoadMore(
    initial,
    (page) => inLanguage(`/api/media/items?ourPage=${page}`),
    (answer) => (answer as MediaOverview).ours,
  );
  return (
    <MediaLayout tab="nashi-novosti" page={initial.page}>
      {list.items.length === 0 ? (
        <p className="empty">{texts.noPublications}</p>
      ) : (
        <div className="cards">
          {list.items.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={localized(`/media/nashi-novosti/${article.slug}`)} priority={index < 3} />
          ))}
        </div>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname={localized('/media/nashi-novosti')} page={initial.page} pageCount={initial.pageCount} />
    </MediaLayout>
  );
}

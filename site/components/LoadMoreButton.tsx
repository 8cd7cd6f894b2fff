import type { LoadMoreState } from '../client/useLoadMore.js';
import { useTexts } from '../i18n/useTexts.js';

export function LoadMoreButton<T>({ list }: { list: LoadMoreState<T> }) {
  const texts = useTexts();
  if (list.ended) return null;
  return (
    <div className="load-more">
      <button type="button" className="button button--ghost" onClick={list.loadMore} disabled={list.loading} aria-busy={list.loading}>
        {list.loading ? texts.loadingMore : texts.showMore}
      </button>
    </div>
  );
}

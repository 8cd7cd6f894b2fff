import type { LoadMoreState } from '../client/useLoadMore.js';

export function LoadMoreButton<T>({ list }: { list: LoadMoreState<T> }) {
  if (list.ended) return null;
  return (
    <div className="load-more">
      <button type="button" className="button button--ghost" onClick={list.loadMore} disabled={list.loading} aria-busy={list.loading}>
        {list.loading ? 'Загрузка…' : 'Показать ещё'}
      </button>
    </div>
  );
}

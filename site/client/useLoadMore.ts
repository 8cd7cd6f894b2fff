import { useState } from 'react';
import type { Page } from '@lib/types.js';
import { getJson } from './api.js';
import { showRequestError } from './toasts.js';

export interface LoadMoreState<T> {
  items: T[];
  /** The last page shown. */
  page: number;
  pageCount: number;
  /** No page after the last one shown: the list has ended once the requested page passes pageCount. */
  ended: boolean;
  loading: boolean;
  loadMore: () => void;
}

/**
 * A list that starts with the server-rendered page and appends the next pages from the public API on request.
 * A failed request shows the spec's toast and leaves the list as it was.
 */
export function useLoadMore<T>(
  initial: Page<T>,
  urlOfPage: (page: number) => string,
  pick: (answer: unknown) => Page<T> = (answer) => answer as Page<T>,
): LoadMoreState<T> {
  const [state, setState] = useState({ items: initial.items, page: initial.page, pageCount: initial.pageCount });
  const [loading, setLoading] = useState(false);
  const ended = state.page >= state.pageCount;
  const loadMore = () => {
    if (loading || ended) return;
    const next = state.page + 1;
    setLoading(true);
    getJson<unknown>(urlOfPage(next))
      .then((answer) => {
        const page = pick(answer);
        setState((current) => ({ items: [...current.items, ...page.items], page: next, pageCount: page.pageCount }));
      })
      .catch(showRequestError)
      .finally(() => setLoading(false));
  };
  return { ...state, ended, loading, loadMore };
}

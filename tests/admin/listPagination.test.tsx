// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams } from 'react-admin';
import { ArticleList } from '../../admin/articles/ArticleList.js';
import { Dashboard } from '../../admin/Dashboard.js';
import { LIST_COUNT_MAX } from '../../lib/listTotals.js';
import { SEARCH_RESULTS_MAX } from '../../lib/search.js';
import { renderInAdmin } from './render.js';

afterEach(() => cleanup());

/** A list of news as the server answers it: `total` rows in all, the page asked for. */
function newsProvider(total: number) {
  const calls: GetListParams[] = [];
  const provider = {
    getList: vi.fn(async (_resource: string, params: GetListParams) => {
      calls.push(params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      const start = (page - 1) * perPage;
      const data = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({
        id: start + i + 1,
        title: `Новость ${start + i + 1}`,
        public_at: '2025-01-01T00:00:00.000Z',
        published: 1,
        views: 0,
      }));
      return { data, total };
    }),
    getMany: vi.fn(async () => ({ data: [] })),
  };
  return { provider: provider as unknown as DataProvider, calls };
}

describe('list pagination label', () => {
  it('shows an exact total as react-admin does', async () => {
    renderInAdmin(<ArticleList />, { dataProvider: newsProvider(319).provider, resource: 'news' });
    expect(await screen.findByText('1-25 из 319')).toBeTruthy();
  });

  it('shows a capped total as «более 10 000», and «next» still opens the page past the cap', async () => {
    const { provider, calls } = newsProvider(LIST_COUNT_MAX + 1);
    renderInAdmin(<ArticleList />, { dataProvider: provider, resource: 'news', path: '/news?page=400&perPage=25' });
    expect(await screen.findByText('9976-10000 из более 10 000')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Следующая' }));
    await waitFor(() => expect(calls.at(-1)?.pagination).toEqual({ page: 401, perPage: 25 }));
    expect(await screen.findByText('10001-10001 из более 10 000')).toBeTruthy();
  });

  it('reads a searched list against the search cap: «более 500»', async () => {
    const filter = encodeURIComponent(JSON.stringify({ q: 'компан' }));
    renderInAdmin(<ArticleList />, { dataProvider: newsProvider(SEARCH_RESULTS_MAX + 1).provider, resource: 'news', path: `/news?filter=${filter}` });
    expect(await screen.findByText('1-25 из более 500')).toBeTruthy();
  });

  it('the dashboard tells a count past the cap as «более 10 000», an exact one as its number', async () => {
    const { provider } = newsProvider(LIST_COUNT_MAX + 1);
    const summaries = {
      getGenerals: vi.fn(async () => ({ data: { our: null, other: null, video: null } })),
      getReads: vi.fn(async () => ({ data: [] })),
    };
    renderInAdmin(<Dashboard />, { dataProvider: { ...provider, ...summaries }, resource: 'news', path: '/' });
    expect(await screen.findAllByText('более 10 000')).toHaveLength(5);
    cleanup();
    renderInAdmin(<Dashboard />, { dataProvider: { ...newsProvider(LIST_COUNT_MAX).provider, ...summaries }, resource: 'news', path: '/' });
    expect(await screen.findAllByText('10 000')).toHaveLength(5);
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DataProvider, GetListParams, RaRecord } from 'react-admin';
import { MediaSourceList } from '../../admin/media-source/MediaSourceList.js';
import { MediaVideoList } from '../../admin/media-video/MediaVideoList.js';
import { RESOURCE_VIEWS } from '../../admin/resources.js';
import { TOAST_DURATION_MS } from '../../lib/site.js';
import { renderInAdmin } from './render.js';

const NewsEdit = RESOURCE_VIEWS.find((views) => views.name === 'news')?.edit ?? (() => null);

afterEach(() => cleanup());

interface Video extends RaRecord {
  title: string;
  fixed: 0 | 1;
  fixed_order: number | null;
  public_at: string;
  published: 1;
}

/** A fake dataProvider over an in-memory table, recording what it was asked. */
function videoProvider() {
  const videos: Video[] = Array.from({ length: 6 }, (_, i) => ({
    id: i + 1,
    title: `Видео ${i + 1}`,
    fixed: i === 0 || i === 1 ? 1 : 0,
    fixed_order: i === 0 ? 1 : i === 1 ? 2 : null,
    public_at: new Date(Date.UTC(2025, 0, 10 - i)).toISOString(),
    published: 1,
  }));
  const listCalls: GetListParams[] = [];
  const provider = {
    getList: vi.fn(async (_resource: string, params: GetListParams) => {
      listCalls.push(params);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      return { data: videos.slice((page - 1) * perPage, page * perPage).map((v) => ({ ...v })), total: videos.length };
    }),
    getOne: vi.fn(),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    fix: vi.fn(async (_resource: string, { id }: { id: number }) => {
      const video = videos.find((v) => v.id === id);
      if (!video) throw new Error('no such video');
      video.fixed = 1;
      video.fixed_order = 3;
      return { data: { ...video } };
    }),
    unfix: vi.fn(async (_resource: string, { id }: { id: number }) => {
      const video = videos.find((v) => v.id === id);
      if (!video) throw new Error('no such video');
      video.fixed = 0;
      video.fixed_order = null;
      return { data: { ...video } };
    }),
    moveUp: vi.fn(async (_resource: string, { id }: { id: number }) => ({ data: { ...videos.find((v) => v.id === id) } })),
    moveDown: vi.fn(async (_resource: string, { id }: { id: number }) => ({ data: { ...videos.find((v) => v.id === id) } })),
  };
  return { provider, listCalls, videos };
}

const rowOf = (title: string) => {
  const cell = screen.getByText(title);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${title}`);
  return within(row);
};

describe('video buttons: fix, unfix, move up, move down', () => {
  it('fix calls the verb with (resource, { id }) and reloads the page the user is on', async () => {
    const { provider, listCalls } = videoProvider();
    renderInAdmin(<MediaVideoList />, {
      dataProvider: provider as unknown as DataProvider,
      resource: 'media-video',
      path: '/media-video?page=2&perPage=2',
    });
    await screen.findByText('Видео 3');
    expect(listCalls.at(-1)?.pagination).toEqual({ page: 2, perPage: 2 });
    const callsBefore = listCalls.length;
    expect(rowOf('Видео 3').queryByRole('button', { name: 'Открепить' })).toBeNull();

    await userEvent.click(rowOf('Видео 3').getByRole('button', { name: 'Закрепить' }));

    await waitFor(() => expect(provider.fix).toHaveBeenCalledWith('media-video', { id: 3 }));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(callsBefore));
    expect(listCalls.at(-1)?.pagination).toEqual({ page: 2, perPage: 2 });
    await waitFor(() => expect(rowOf('Видео 3').getByRole('button', { name: 'Открепить' })).toBeTruthy());
    expect(await screen.findByText('Видео закреплено')).toBeTruthy();
  });

  it('unfix and the moves are offered for fixed videos only, and each reloads the current page', async () => {
    const { provider, listCalls } = videoProvider();
    renderInAdmin(<MediaVideoList />, { dataProvider: provider as unknown as DataProvider, resource: 'media-video' });
    await screen.findByText('Видео 1');
    expect(rowOf('Видео 4').queryByRole('button', { name: 'Выше' })).toBeNull();
    expect(rowOf('Видео 4').queryByRole('button', { name: 'Ниже' })).toBeNull();
    expect(rowOf('Видео 4').queryByRole('button', { name: 'Открепить' })).toBeNull();

    let before = listCalls.length;
    await userEvent.click(rowOf('Видео 2').getByRole('button', { name: 'Выше' }));
    await waitFor(() => expect(provider.moveUp).toHaveBeenCalledWith('media-video', { id: 2 }));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));

    before = listCalls.length;
    await userEvent.click(rowOf('Видео 1').getByRole('button', { name: 'Ниже' }));
    await waitFor(() => expect(provider.moveDown).toHaveBeenCalledWith('media-video', { id: 1 }));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));

    before = listCalls.length;
    await userEvent.click(rowOf('Видео 1').getByRole('button', { name: 'Открепить' }));
    await waitFor(() => expect(provider.unfix).toHaveBeenCalledWith('media-video', { id: 1 }));
    await waitFor(() => expect(listCalls.length).toBeGreaterThan(before));
    await waitFor(() => expect(rowOf('Видео 1').getByRole('button', { name: 'Закрепить' })).toBeTruthy());
  });

  it("shows the spec's timeout toast (an error toast, top centre, 5000 ms) when a verb times out", async () => {
    // The toast's 5000 ms are counted on a fake clock the test moves: it still runs by itself (the screen's own
    // short timers fire as they would), and the test jumps it forward instead of waiting the seconds out.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const { provider } = videoProvider();
      provider.fix.mockRejectedValueOnce(new Error('app.error.timeout'));
      renderInAdmin(<MediaVideoList />, { dataProvider: provider as unknown as DataProvider, resource: 'media-video' });
      await screen.findByText('Видео 3');
      await userEvent.click(rowOf('Видео 3').getByRole('button', { name: 'Закрепить' }));
      const toast = await screen.findByText('Превышено время ожидания ответа от сервера! Попробуйте повторить операцию через некоторое время.');
      const shownAt = Date.now();
      // An error toast at the top centre, for 5000 ms.
      expect(toast.closest('.MuiSnackbar-anchorOriginTopCenter')).not.toBeNull();
      expect(toast.closest('.MuiSnackbarContent-root')?.className).toContain('error');
      await vi.advanceTimersByTimeAsync(4_000);
      expect(screen.queryByText(/Превышено время ожидания/)).not.toBeNull();
      await vi.advanceTimersByTimeAsync(TOAST_DURATION_MS);
      await waitFor(() => expect(screen.queryByText(/Превышено время ожидания/)).toBeNull());
      expect(Date.now() - shownAt).toBeGreaterThanOrEqual(4_900);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('remove image button', () => {
  it('removes the image on the server and replaces the record with the answer, without another read', async () => {
    const record = {
      id: 7,
      title: 'Новость с картинкой',
      slug: 'novost',
      lead: '',
      content: '<p>Текст</p>',
      image: { src: '/uploads/news/a.webp', width: 10, height: 10, variants: [], alt: 'Картинка' },
      image_alt: 'Картинка',
      public_at: '2025-01-10T09:00:00.000Z',
      published: 1,
      seo_title: '',
      seo_description: '',
    };
    const provider = {
      getOne: vi.fn(async () => ({ data: record })),
      removeImage: vi.fn(async () => ({ data: { ...record, image: null, image_alt: '' } })),
    };
    renderInAdmin(
      <Routes>
        <Route path="/news/:id" element={<NewsEdit />} />
      </Routes>,
      { dataProvider: provider as unknown as DataProvider, resource: 'news', path: '/news/7' },
    );
    expect(await screen.findByTestId('current-image')).toBeTruthy();
    expect(screen.getByAltText('Картинка')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Удалить изображение' }));

    await waitFor(() => expect(provider.removeImage).toHaveBeenCalledWith('news', { id: 7 }));
    await waitFor(() => expect(screen.queryByTestId('current-image')).toBeNull());
    expect((screen.getByLabelText('Описание изображения (alt)') as HTMLInputElement).value).toBe('');
    expect(provider.getOne).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Изображение удалено')).toBeTruthy();
  });
});

describe('pessimistic delete of a source', () => {
  it('keeps the row until the server confirmed, then the source leaves the list', async () => {
    const sources = [
      { id: 1, name: 'Коммерсантъ', url: 'https://kommersant.ru', logo: null, active: 1 },
      { id: 2, name: 'РБК', url: 'https://rbc.ru', logo: null, active: 1 },
    ];
    let confirm: (value: { data: RaRecord }) => void = () => undefined;
    const provider = {
      getList: vi.fn(async (_resource: string, params: GetListParams) => {
        const rows = sources.filter((s) => params.filter?.active === undefined || s.active === params.filter.active);
        return { data: rows, total: rows.length };
      }),
      getMany: vi.fn(async () => ({ data: [] })),
      delete: vi.fn(
        () =>
          new Promise<{ data: RaRecord }>((resolve) => {
            confirm = resolve;
          }),
      ),
    };
    renderInAdmin(<MediaSourceList />, { dataProvider: provider as unknown as DataProvider, resource: 'media-source' });
    await screen.findByText('Коммерсантъ');
    expect(provider.getList.mock.calls[0]?.[1].filter).toEqual({ active: 1 });

    await userEvent.click(rowOf('Коммерсантъ').getByRole('button', { name: 'Удалить' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Подтвердить' }));
    await waitFor(() => expect(provider.delete).toHaveBeenCalled());
    expect(provider.delete.mock.calls[0]).toEqual(['media-source', expect.objectContaining({ id: 1 })]);
    // Not confirmed yet: the row stays.
    expect(screen.getByText('Коммерсантъ')).toBeTruthy();

    const source = sources[0];
    if (!source) throw new Error('fixture');
    source.active = 0;
    confirm({ data: { ...source } });
    await waitFor(() => expect(screen.queryByText('Коммерсантъ')).toBeNull());
    expect(screen.getByText('РБК')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, type DataProvider } from 'react-admin';
import { TIMEOUT_TOAST, NETWORK_TOAST } from '../../lib/site.js';
import { ResourceEdit } from '../../admin/common/ResourceScreens.js';
import news from '../../admin/news/index.js';
import { NETWORK_ERROR_KEY, TIMEOUT_ERROR_KEY } from '../../dataProvider/index.js';
import { i18nProvider } from '../../admin/i18n/index.js';
import { readableValue } from '../../admin/revisions/values.js';
import { resourceNamed } from '../../lib/resources/index.js';
import { renderInAdmin } from './render.js';

const NewsEdit = () => <ResourceEdit form={news.form} actions={news.editActions} transform={news.transformEdit} />;

afterEach(() => cleanup());

const record = {
  id: 7,
  title: 'Новость',
  slug: 'novost',
  lead: '',
  content: '<p>Стало</p>',
  image: null,
  image_alt: '',
  public_at: '2025-01-10T09:00:00.000Z',
  published: 1,
  seo_title: '',
  seo_description: '',
};
const revision = { id: 3, created_at: '2025-01-11T09:00:00.000Z', user_id: 1, user_email: 'editor@example.com', changed: ['content'] };
const older = { id: 2, created_at: '2025-01-10T12:00:00.000Z', user_id: 2, user_email: 'author@example.com', changed: ['title'] };

/** The history in pages of one entry: the newest first, `older` on the second page when `pages` is 2. */
const historyPage = (page: number, pages: number) => ({
  data: { items: [page === 1 ? revision : older], page, perPage: 1, pageCount: pages, total: pages },
});

/** The edit screen of a news item with one version in its history; `failures` say how the calls fail. */
function renderEdit(failures: { restore?: Error; preview?: Error }, pages = 1, locales = ['ru']) {
  const provider = {
    getSiteSettings: vi.fn(async () => ({ data: { locales } })),
    getOne: vi.fn(async () => ({ data: record })),
    getRevisions: vi.fn(async (_resource: string, params: { page: number }) => historyPage(params.page, pages)),
    getRevision: vi.fn(async () => ({ data: { ...revision, values: { ...record, content: '<p>Было</p>' } } })),
    restoreRevision: vi.fn(async () => {
      if (failures.restore) throw failures.restore;
      return { data: record };
    }),
    preview: vi.fn(async () => {
      if (failures.preview) throw failures.preview;
      return { data: { url: '/news/novost?preview=x', expiresAt: '2025-01-11T10:00:00.000Z' } };
    }),
  };
  renderInAdmin(
    <Routes>
      <Route path="/news/:id" element={<NewsEdit />} />
    </Routes>,
    { dataProvider: provider as unknown as DataProvider, resource: 'news', path: '/news/7' },
  );
  return provider;
}

describe('history and preview on the edit screen', () => {
  it('lists the history lazily and shows the spec timeout toast when a restore times out', async () => {
    const provider = renderEdit({ restore: new HttpError(TIMEOUT_ERROR_KEY, 0, { message: 'timeout of 20000ms exceeded' }) });
    const history = await screen.findByRole('complementary', { name: 'История изменений' });
    expect(await within(history).findByText('editor@example.com', { exact: false })).toBeTruthy();
    expect(within(history).getByText(/Изменено: Текст/)).toBeTruthy();

    await userEvent.click(within(history).getByRole('button', { name: /^Восстановить версию от / }));
    const confirm = await screen.findByRole('dialog', { name: 'Восстановить версию?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Восстановить' }));
    await waitFor(() => expect(provider.restoreRevision).toHaveBeenCalledWith('news', { id: 7, revisionId: 3 }));
    expect(await screen.findByText(TIMEOUT_TOAST)).toBeTruthy();
  });

  it('reads the history a page of summaries at a time: «Показать ещё» appends the next page, then goes', async () => {
    const provider = renderEdit({}, 2);
    const history = await screen.findByRole('complementary', { name: 'История изменений' });
    expect(await within(history).findByText('editor@example.com', { exact: false })).toBeTruthy();
    expect(provider.getRevisions).toHaveBeenCalledWith('news', { id: 7, page: 1 });
    expect(within(history).queryByText('author@example.com', { exact: false })).toBeNull();
    await userEvent.click(within(history).getByRole('button', { name: 'Показать ещё' }));
    expect(await within(history).findByText('author@example.com', { exact: false })).toBeTruthy();
    expect(provider.getRevisions).toHaveBeenCalledWith('news', { id: 7, page: 2 });
    expect(within(history).getAllByTestId('revision')).toHaveLength(2);
    expect(within(history).queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('shows the spec network toast and closes the blank tab when the preview link cannot be made', async () => {
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const provider = renderEdit({ preview: new HttpError(NETWORK_ERROR_KEY, 0, { message: 'Network Error' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Предпросмотр' }));
    await waitFor(() => expect(provider.preview).toHaveBeenCalledWith('news', { id: 7 }));
    expect(await screen.findByText(NETWORK_TOAST)).toBeTruthy();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.close).toHaveBeenCalled();
    open.mockRestore();
  });

  it('sends the opened tab to the signed link', async () => {
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderEdit({});
    await userEvent.click(await screen.findByRole('button', { name: 'Предпросмотр' }));
    await waitFor(() => expect(tab.location.href).toBe('/news/novost?preview=x'));
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    open.mockRestore();
  });

  it("offers the English page's preview beside the Russian one where the site has English, and only there", async () => {
    const tab = { close: vi.fn(), opener: {}, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const provider = renderEdit({}, 1, ['ru', 'en']);
    await userEvent.click(await screen.findByRole('button', { name: 'Предпросмотр: Английский' }));
    await waitFor(() => expect(provider.preview).toHaveBeenCalledWith('news', { id: 7, locale: 'en' }));
    await userEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    await waitFor(() => expect(provider.preview).toHaveBeenLastCalledWith('news', { id: 7 }));
    open.mockRestore();
    cleanup();

    renderEdit({});
    expect(await screen.findByRole('button', { name: 'Предпросмотр' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Предпросмотр: Английский' })).toBeNull());
  });
});

describe('rich text as the diff reads it', () => {
  const content = resourceNamed('news')?.fields.content;
  const readable = (html: string) => readableValue(content, html, (key, options) => i18nProvider.translate(key, options));
  const text = '<p>До</p><figure class="image-half"><img src="/api/assets/12/file" alt="Наш офис"><figcaption>Офис</figcaption></figure><p>После</p>';

  it('names each image on a line of its own, with its width and alt text, its caption on the next', () => {
    expect(readable(text)).toBe('До\n[Изображение №12, Половина ширины: «Наш офис»]\nОфис\nПосле');
    expect(readable('<figure class="image-full"><img src="/api/assets/3/file" alt=""></figure>')).toBe('[Изображение №3, Во всю ширину текста, декоративное]');
  });

  it('tells versions apart that differ only in an image: another asset, another width, another alt text, or none', () => {
    const versions = [
      text,
      text.replace('/12/', '/13/'),
      text.replace('image-half', 'image-third'),
      text.replace('Наш офис', 'Проходная'),
      text.replace(/<figure.*<\/figure>/, ''),
    ];
    expect(new Set(versions.map(readable)).size).toBe(versions.length);
  });
});

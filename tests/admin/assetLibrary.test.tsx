// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { HttpError, RecordContextProvider, SimpleForm, type DataProvider, type GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AssetLibrary } from '../../admin/assets/AssetLibrary.js';
import { AssetRemoveButton } from '../../admin/assets/AssetRemoveButton.js';
import { FocalPointInput } from '../../admin/assets/FocalPointInput.js';
import assetParts from '../../admin/assets/index.js';
import { ReplaceFileButton } from '../../admin/assets/ReplaceFileButton.js';
import { ImageUploadInput } from '../../admin/inputs/ImageUploadInput.js';
import { LibraryChoice } from '../../admin/inputs/LibraryChoice.js';
import type { AssetUploadParams, UploadAnswer } from '../../dataProvider/index.js';
import { fakeAsset } from './fakes.js';
import { renderInAdmin } from './render.js';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FOLDERS = [{ id: 5, name: 'Пресс-релизы', parent_id: null, version: 2 }];
const ROOT_ASSETS = [
  fakeAsset(1, 'zavod.jpg'),
  fakeAsset(2, 'otchet.pdf', { kind: 'document', format: 'pdf', width: null, height: null, thumbnail: null, size: 2.5 * 1024 * 1024 }),
];

/** A library over fixed folders and assets, recording what it was asked. */
function libraryProvider(overrides: Record<string, unknown> = {}) {
  const assetLists: GetListParams[] = [];
  const provider = {
    getList: vi.fn(async (resource: string, params: GetListParams) => {
      if (resource === 'asset-folders') return { data: params.filter.parent_id === null ? FOLDERS : [], total: params.filter.parent_id === null ? 1 : 0 };
      assetLists.push(params);
      const data = params.filter.folder_id === null ? ROOT_ASSETS : [fakeAsset(3, 'pressa.jpg', { folder_id: 5, folder_name: 'Пресс-релизы' })];
      return { data, total: data.length };
    }),
    getOne: vi.fn(),
    getMany: vi.fn(async () => ({ data: [] })),
    getManyReference: vi.fn(),
    create: vi.fn(),
    update: vi.fn(),
    updateMany: vi.fn(),
    delete: vi.fn(),
    deleteMany: vi.fn(),
    moveAssets: vi.fn(async (_resource: string, params: { ids: number[] }) => ({ data: { moved: params.ids.length } })),
    uploadAsset: vi.fn(),
    getAssetUses: vi.fn(async () => ({ data: [] })),
    removeUsedAsset: vi.fn(async () => ({ data: fakeAsset(1, 'zavod.jpg') })),
    ...overrides,
  };
  return { provider: provider as unknown as DataProvider & typeof provider, assetLists };
}

describe('the media library screen', () => {
  it('shows the open folder’s assets as thumbnails with size and dimensions, opens a folder and moves the selection', async () => {
    const { provider, assetLists } = libraryProvider();
    renderInAdmin(<AssetLibrary />, { dataProvider: provider, resource: 'assets' });
    const grid = await screen.findByRole('list', { name: 'Медиатека' });
    expect(await within(grid).findByText('zavod.jpg')).toBeTruthy();
    expect(within(grid).getByText('1,0 МБ · 800×600')).toBeTruthy();
    expect(within(grid).getByText('2,5 МБ')).toBeTruthy();
    expect(within(grid).getByText('PDF')).toBeTruthy();
    expect(assetLists[0]?.filter).toEqual({ folder_id: null });
    expect(assetLists[0]?.sort).toEqual({ field: 'created_at', order: 'DESC' });

    await userEvent.click(screen.getByRole('button', { name: 'Открыть папку «Пресс-релизы»' }));
    expect(await screen.findByText('pressa.jpg')).toBeTruthy();
    expect(assetLists.at(-1)?.filter).toEqual({ folder_id: 5 });
    expect(screen.getByRole('navigation', { name: 'Путь к папке' }).textContent).toContain('Пресс-релизы');

    await userEvent.selectOptions(screen.getByLabelText('Тип'), 'Документы');
    await waitFor(() => expect(assetLists.at(-1)?.filter).toEqual({ kind: 'document', folder_id: 5 }));
    await userEvent.type(screen.getByLabelText('Загружены с'), '01.10.2026');
    await waitFor(() => expect(assetLists.at(-1)?.filter).toEqual({ kind: 'document', created_from: '2026-10-01', folder_id: 5 }));
    await userEvent.type(screen.getByLabelText('Поиск'), 'завод');
    await waitFor(() => expect(assetLists.at(-1)?.filter).toEqual({ kind: 'document', created_from: '2026-10-01', q: 'завод', folder_id: 5 }));
    await userEvent.click(screen.getByRole('button', { name: 'Все файлы' }));
    await waitFor(() => expect(assetLists.at(-1)?.filter).toEqual({ kind: 'document', created_from: '2026-10-01', q: 'завод' }));

    await userEvent.click(screen.getByRole('button', { name: 'Медиатека' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Выбрать «zavod.jpg»' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Выбрать «otchet.pdf»' }));
    await userEvent.click(screen.getByRole('button', { name: 'Переместить в папку…' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Открыть папку «Пресс-релизы»' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Выбрать эту папку' }));
    await waitFor(() => expect(provider.moveAssets).toHaveBeenCalledWith('assets', { ids: [1, 2], folderId: 5 }));
    expect(await screen.findByText('Перемещено файлов: 2')).toBeTruthy();
  });

  it('shows the server’s refusal to delete a folder that is not empty as its Russian notice', async () => {
    const refusal = 'Папку «Пресс-релизы» нельзя удалить: в ней есть файлы или папки.';
    const { provider } = libraryProvider({ delete: vi.fn(async () => Promise.reject(new HttpError(refusal, 409, { message: refusal }))) });
    renderInAdmin(<AssetLibrary />, { dataProvider: provider, resource: 'assets' });
    await userEvent.click(await screen.findByRole('button', { name: 'Открыть папку «Пресс-релизы»' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить папку' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подтвердить' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(provider.delete).toHaveBeenCalledWith('asset-folders', expect.objectContaining({ id: 5, previousData: expect.objectContaining({ version: 2 }) }));
  });

  it('uploads each dropped file on its own: a progress bar and cancel per file, the refusal’s message, a duplicate offered', async () => {
    const refusal = 'Файл «notes.txt» не принят: такой формат не поддерживается.';
    const pending: AssetUploadParams[] = [];
    const uploadAsset = vi.fn(async (_resource: string, params: AssetUploadParams): Promise<{ data: UploadAnswer }> => {
      if (params.file.name === 'notes.txt') throw new HttpError(refusal, 415, { message: refusal });
      if (params.file.name === 'copy.jpg') return { data: { duplicate: fakeAsset(1, 'zavod.jpg') } };
      pending.push(params);
      return new Promise((_resolve, reject) => params.signal?.addEventListener('abort', () => reject(new HttpError('canceled', 0))));
    });
    const { provider } = libraryProvider({ uploadAsset });
    renderInAdmin(<AssetLibrary />, { dataProvider: provider, resource: 'assets' });
    const input = await screen.findByLabelText('Выбрать файлы для загрузки');
    await userEvent.upload(input, [
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
      new File(['x'], 'copy.jpg', { type: 'image/jpeg' }),
      new File(['x'], 'big.jpg', { type: 'image/jpeg' }),
    ]);
    const queue = await screen.findByRole('list', { name: 'Загружаемые файлы' });
    expect(await within(queue).findByText(refusal)).toBeTruthy();
    expect(await within(queue).findByRole('button', { name: 'Уже есть в библиотеке — использовать его' })).toBeTruthy();
    expect(uploadAsset).toHaveBeenCalledTimes(3);
    expect(uploadAsset.mock.calls.every(([, params]) => params.folderId === null)).toBe(true);

    await waitFor(() => expect(pending).toHaveLength(1));
    pending[0]?.onProgress?.(35);
    const bar = await within(queue).findByRole('progressbar', { name: 'Загрузка «big.jpg»' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('35'));
    await userEvent.click(within(queue).getByRole('button', { name: 'Отменить загрузку «big.jpg»' }));
    expect(await within(queue).findByText('Отменено')).toBeTruthy();
    expect(pending[0]?.signal?.aborted).toBe(true);
  });
});

describe('an asset’s edit screen', () => {
  it('saves only what an editor changes: name, alt text, caption, folder and focal point', () => {
    const saved: unknown = assetParts.transformEdit?.({ ...fakeAsset(1, 'zavod.jpg'), focal_x: 0.3 });
    expect(saved).toEqual({ name: 'zavod.jpg', alt: 'Описание zavod.jpg', caption: '', folder_id: null, focal_x: 0.3, focal_y: 0.5 });
  });

  it('«Заменить файл» asks first, naming the published records that use the file, then sends it with its progress and reads the asset again', async () => {
    const replaceAsset = vi.fn(async (_resource: string, params: { onProgress?: (percent: number) => void }) => {
      params.onProgress?.(60);
      return { data: fakeAsset(1, 'zavod.jpg', { version: 2 }) };
    });
    const getAssetUses = vi.fn(async () => ({
      data: [{ resource: 'news', record_id: 12, field: 'image', title: 'Открытие завода', admin_path: '/news/12', published: true }],
    }));
    const { provider } = libraryProvider({ replaceAsset, getAssetUses });
    renderInAdmin(
      <RecordContextProvider value={fakeAsset(1, 'zavod.jpg')}>
        <SimpleForm toolbar={false}>
          <ReplaceFileButton />
        </SimpleForm>
      </RecordContextProvider>,
      { dataProvider: provider, resource: 'assets' },
    );
    const file = new File(['x'], 'zavod-2026.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Заменить файл'), file);
    const dialog = await screen.findByRole('dialog', { name: 'Заменить файл «zavod.jpg»?' });
    expect(dialog.textContent).toContain('Открытие завода');
    expect(dialog.textContent).toContain('опубликовано');
    expect(replaceAsset).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Заменить' }));
    expect(await screen.findByText('Файл заменён')).toBeTruthy();
    expect(replaceAsset).toHaveBeenCalledWith('assets', expect.objectContaining({ id: 1, file }));
  });

  it('removing an asset in use shows where it is used, with links, and removes it only when confirmed', async () => {
    const used = fakeAsset(1, 'zavod.jpg', { uses: 1 });
    const { provider } = libraryProvider({
      delete: vi.fn(async () => Promise.reject(new HttpError('Файл используется.', 409, { message: 'Файл используется.' }))),
      getAssetUses: vi.fn(async () => ({ data: [{ resource: 'news', record_id: 12, field: 'image', title: 'Открытие завода', admin_path: '/news/12' }] })),
    });
    renderInAdmin(
      <RecordContextProvider value={used}>
        <AssetRemoveButton />
      </RecordContextProvider>,
      { dataProvider: provider, resource: 'assets' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Подтвердить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Файл используется' });
    const link = await within(dialog).findByRole('link', { name: 'Открытие завода' });
    expect(link.getAttribute('href')).toBe('/news/12');
    expect(dialog.textContent).toContain('Новость');
    expect(provider.removeUsedAsset).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Удалить всё равно' }));
    await waitFor(() => expect(provider.removeUsedAsset).toHaveBeenCalledWith('assets', { id: 1, previousData: used }));
    expect(await screen.findByText('Файл перемещён в корзину')).toBeTruthy();
  });

  it('sets the focal point where the image is clicked, and moves it with the arrow keys', async () => {
    const onSubmit = vi.fn();
    const { provider } = libraryProvider();
    renderInAdmin(
      <RecordContextProvider value={fakeAsset(1, 'zavod.jpg')}>
        <SimpleForm record={fakeAsset(1, 'zavod.jpg')} onSubmit={onSubmit}>
          <FocalPointInput />
        </SimpleForm>
      </RecordContextProvider>,
      { dataProvider: provider, resource: 'assets' },
    );
    const area = screen.getByTestId('focal-point-area');
    area.getBoundingClientRect = () => ({ left: 0, top: 0, width: 200, height: 100, right: 200, bottom: 100, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(area, { clientX: 50, clientY: 75 });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Точка фокуса: 25% по горизонтали, 75% по вертикали');
    area.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowUp}');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ focal_x: 0.3, focal_y: 0.7 });
  });
});

describe('pasting files', () => {
  it('puts the pasted files into the queue, but leaves a paste into a text field alone', async () => {
    const uploadAsset = vi.fn(async (_resource: string, params: AssetUploadParams) => ({ data: { asset: fakeAsset(8, params.file.name) } }));
    const { provider } = libraryProvider({ uploadAsset });
    renderInAdmin(<AssetLibrary />, { dataProvider: provider, resource: 'assets' });
    await screen.findByText('zavod.jpg');
    const paste = (target: EventTarget, name: string) => {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: { files: [new File(['x'], name, { type: 'image/png' })] } });
      target.dispatchEvent(event);
    };
    paste(screen.getByLabelText('Поиск'), 'into-search.png');
    paste(document.body, 'screenshot.png');
    const queue = await screen.findByRole('list', { name: 'Загружаемые файлы' });
    expect(await within(queue).findByText('Загружено')).toBeTruthy();
    expect(uploadAsset.mock.calls.map(([, params]) => params.file.name)).toEqual(['screenshot.png']);
  });
});

describe('an image field', () => {
  it('«Выбрать из библиотеки» sets the field to the chosen asset, prefills the alt text and shows its thumbnail', async () => {
    const onSubmit = vi.fn();
    const { provider, assetLists } = libraryProvider();
    renderInAdmin(
      <SimpleForm onSubmit={onSubmit}>
        <ImageUploadInput source="image" altSource="image_alt" />
      </SimpleForm>,
      { dataProvider: provider, resource: 'photobank-photos' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Выбрать из библиотеки' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выбор из медиатеки' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Выбрать «zavod.jpg»' }));
    expect(assetLists[0]?.filter).toEqual({ folder_id: null, kind: 'image' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('picked-asset').textContent).toContain('zavod.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ image: { asset: 1 }, image_alt: 'Описание zavod.jpg' });
  });

  it('a document field picks among the library’s documents and shows the chosen one’s name and size', async () => {
    const onSubmit = vi.fn();
    const { provider, assetLists } = libraryProvider();
    renderInAdmin(
      <SimpleForm onSubmit={onSubmit}>
        <LibraryChoice source="file" kind="document" />
      </SimpleForm>,
      { dataProvider: provider, resource: 'investor-documents' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Выбрать из библиотеки' }));
    await userEvent.click(await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Выбрать «otchet.pdf»' }));
    expect(assetLists[0]?.filter).toEqual({ folder_id: null, kind: 'document' });
    expect(screen.getByTestId('picked-asset').textContent).toBe('Выбрано из библиотеки: otchet.pdf · 2,5\u00a0МБ');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ file: { asset: 2 } });
  });
});

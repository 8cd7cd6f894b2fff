import { describe, expect, it } from 'vitest';
import { createAdminDataProvider, type Asset, type UploadAnswer } from '../../dataProvider/index.js';
import { droppedFiles } from '../../admin/assets/droppedFiles.js';
import { PARALLEL_UPLOADS, UploadQueue, type SendFile } from '../../admin/assets/uploadQueue.js';
import { fakeAsset, fakeTransport } from './fakes.js';

/** A server stand-in whose answers the test gives one file at a time. */
function controlledServer() {
  const pending = new Map<
    string,
    { resolve: (answer: UploadAnswer) => void; reject: (error: Error) => void; signal: AbortSignal; progress: (percent: number) => void }
  >();
  const send: SendFile = (file, _folderId, signal, progress) =>
    new Promise((resolve, reject) => {
      pending.set(file.name, { resolve, reject, signal, progress });
      signal.addEventListener('abort', () => reject(new Error('canceled')));
    });
  return { send, pending };
}

const files = (count: number) => Array.from({ length: count }, (_, index) => new File(['x'], `photo-${index + 1}.jpg`, { type: 'image/jpeg' }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the upload queue', () => {
  it(`sends at most ${PARALLEL_UPLOADS} files at once and starts the next as one ends`, async () => {
    const server = controlledServer();
    const queue = new UploadQueue(server.send);
    queue.add(files(10), 4);
    expect(server.pending.size).toBe(PARALLEL_UPLOADS);
    expect(queue.snapshot.filter((item) => item.status === 'uploading')).toHaveLength(PARALLEL_UPLOADS);
    expect(queue.snapshot.every((item) => item.folderId === 4)).toBe(true);
    server.pending.get('photo-1.jpg')?.progress(40);
    expect(queue.snapshot[0]?.percent).toBe(40);
    server.pending.get('photo-1.jpg')?.resolve({ asset: fakeAsset(1, 'photo-1.jpg') });
    await settle();
    expect(queue.snapshot[0]?.status).toBe('done');
    expect(server.pending.has('photo-4.jpg')).toBe(true);
    expect(queue.snapshot.filter((item) => item.status === 'uploading')).toHaveLength(PARALLEL_UPLOADS);
  });

  it('keeps going past a refused file, with the server’s message on it, and offers a duplicate for reuse', async () => {
    const server = controlledServer();
    const queue = new UploadQueue(server.send);
    const uploaded: Asset[] = [];
    queue.onUploaded((stored) => uploaded.push(stored));
    queue.add(files(3), null);
    server.pending.get('photo-1.jpg')?.reject(new Error('Файл «photo-1.jpg»: формат не поддерживается.'));
    server.pending.get('photo-2.jpg')?.resolve({ duplicate: fakeAsset(9, 'old.jpg') });
    server.pending.get('photo-3.jpg')?.resolve({ asset: fakeAsset(3, 'photo-3.jpg') });
    await settle();
    expect(queue.snapshot.map((item) => item.status)).toEqual(['failed', 'duplicate', 'done']);
    expect(queue.snapshot[0]?.message).toBe('Файл «photo-1.jpg»: формат не поддерживается.');
    expect(queue.snapshot[1]?.asset?.id).toBe(9);
    expect(uploaded.map((stored) => stored.id)).toEqual([3]);
    queue.clearFinished();
    expect(queue.snapshot).toEqual([]);
  });

  it('cancels one file (its request aborted, or never sent while waiting) and lets the others go on', async () => {
    const server = controlledServer();
    const queue = new UploadQueue(server.send);
    queue.add(files(5), null);
    const first = server.pending.get('photo-1.jpg');
    queue.cancel(queue.snapshot[0]?.key ?? 0);
    queue.cancel(queue.snapshot[4]?.key ?? 0);
    await settle();
    expect(first?.signal.aborted).toBe(true);
    expect(queue.snapshot.map((item) => item.status)).toEqual(['cancelled', 'uploading', 'uploading', 'uploading', 'cancelled']);
    expect(server.pending.has('photo-5.jpg')).toBe(false);
  });
});

/** A file or folder as the browser's entries API hands it over; a folder gives its entries in batches of two. */
function fileEntry(name: string): FileSystemEntry {
  const file = new File(['x'], name);
  return { isFile: true, isDirectory: false, name, file: (resolve: (file: File) => void) => resolve(file) } as unknown as FileSystemEntry;
}
function folderEntry(name: string, children: FileSystemEntry[]): FileSystemEntry {
  return {
    isFile: false,
    isDirectory: true,
    name,
    createReader: () => {
      let offset = 0;
      return {
        readEntries: (resolve: (entries: FileSystemEntry[]) => void) => {
          resolve(children.slice(offset, offset + 2));
          offset += 2;
        },
      };
    },
  } as unknown as FileSystemEntry;
}

describe('a drop', () => {
  it('carries the dropped files and every file inside the dropped folders, at every level', async () => {
    const photos = folderEntry('Фото', [fileEntry('1.jpg'), fileEntry('2.jpg'), fileEntry('3.jpg'), folderEntry('Ещё', [fileEntry('4.jpg')])]);
    const items = [photos, fileEntry('logo.svg')].map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry }));
    const files = await droppedFiles({ items, files: [] } as unknown as DataTransfer);
    expect(files.map((file) => file.name)).toEqual(['1.jpg', '2.jpg', '3.jpg', '4.jpg', 'logo.svg']);
  });

  it('falls back to the drop’s files where the browser gives no entries', async () => {
    const plain = [new File(['x'], 'a.pdf')];
    expect(await droppedFiles({ items: [], files: plain } as unknown as DataTransfer)).toEqual(plain);
  });
});

describe('the dataProvider’s library calls', () => {
  it('sends one file per upload request as multipart, with its folder, and reads a duplicate answer', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: { data: { duplicate: fakeAsset(9, 'old.jpg') } } }));
    const provider = createAdminDataProvider({ transport, getToken: () => 'token' });
    const file = new File(['x'], 'cover.jpg', { type: 'image/jpeg' });
    const { data } = await provider.uploadAsset('assets', { file, folderId: 4 });
    expect(data).toEqual({ duplicate: fakeAsset(9, 'old.jpg') });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/admin/assets/upload');
    const form = request?.data as FormData;
    expect(form.get('folder_id')).toBe('4');
    expect((form.get('file') as File).name).toBe('cover.jpg');
  });

  it('moves, lists uses and removes a used asset only with the confirmation, at the contract’s addresses', async () => {
    const { transport, requests } = fakeTransport((request) =>
      request.url.endsWith('/uses')
        ? { status: 200, data: { data: [] } }
        : { status: 200, data: { data: request.url.includes('move') ? { moved: 2 } : fakeAsset(5, 'a.jpg') } },
    );
    const provider = createAdminDataProvider({ transport, getToken: () => 'token' });
    expect((await provider.moveAssets('assets', { ids: [1, 2], folderId: null })).data).toEqual({ moved: 2 });
    await provider.getAssetUses('assets', { id: 5 });
    await provider.removeUsedAsset('assets', { id: 5, previousData: fakeAsset(5, 'a.jpg') });
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'POST /api/admin/assets/move',
      'GET /api/admin/assets/5/uses',
      'DELETE /api/admin/assets/5?confirm=uses',
    ]);
    expect(JSON.parse(String(requests[0]?.data))).toEqual({ ids: [1, 2], folder_id: null });
    expect(requests[2]?.headers['if-match']).toBe('"1"');
  });

  it('writes a record whose image is a library asset as JSON naming the asset, and a new file as multipart', async () => {
    const { transport, requests } = fakeTransport(() => ({ status: 200, data: { data: { id: 3, title: 'Фото' } } }));
    const provider = createAdminDataProvider({ transport, getToken: () => 'token' });
    await provider.create('photobank-photos', { data: { category_id: 2, title: 'Фото', image: { asset: 7 }, image_alt: 'Завод' } });
    expect(requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(String(requests[0]?.data))).toEqual({ category_id: 2, title: 'Фото', image: { asset: 7 }, image_alt: 'Завод' });
    const file = new File(['x'], 'new.jpg', { type: 'image/jpeg' });
    await provider.create('photobank-photos', { data: { category_id: 2, title: 'Фото', image: { rawFile: file }, image_alt: '' } });
    expect(requests[1]?.data).toBeInstanceOf(FormData);
    expect(((requests[1]?.data as FormData).get('image') as File).name).toBe('new.jpg');
  });
});

import type { Asset, UploadAnswer } from '../../dataProvider/index.js';

/** How many files go up at once: enough to keep the line busy, few enough that each shows progress. */
export const PARALLEL_UPLOADS = 3;

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'failed' | 'cancelled';

/** One file of the queue as the screen shows it. */
export interface QueuedUpload {
  key: number;
  file: File;
  /** The folder it goes into; the root when null. */
  folderId: number | null;
  status: UploadStatus;
  /** Percent sent (while uploading). */
  percent: number;
  /** The new asset (`done`) or the one already in the library (`duplicate`). */
  asset?: Asset;
  /** The server's message naming a refused file (`failed`). */
  message?: string;
}

/** Sends one file; rejects with the server's message when it is refused, or when `signal` cancels it. */
export type SendFile = (file: File, folderId: number | null, signal: AbortSignal, onProgress: (percent: number) => void) => Promise<UploadAnswer>;

/**
 * The files an editor dropped, pasted or chose, sent one request per file with at most `PARALLEL_UPLOADS` at once.
 * A refused or cancelled file does not stop the others. Listeners are told of every change (the screen re-renders).
 */
export class UploadQueue {
  private items: QueuedUpload[] = [];
  private readonly controllers = new Map<number, AbortController>();
  private nextKey = 1;
  private readonly listeners = new Set<() => void>();
  private readonly uploadedListeners = new Set<(asset: Asset) => void>();

  constructor(private readonly send: SendFile) {}

  /** The files in the order they were added. */
  get snapshot(): readonly QueuedUpload[] {
    return this.items;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told of each new asset once stored (not of duplicates). */
  onUploaded(listener: (asset: Asset) => void): () => void {
    this.uploadedListeners.add(listener);
    return () => this.uploadedListeners.delete(listener);
  }

  /** Queues files; answers their keys, in order. */
  add(files: readonly File[], folderId: number | null): number[] {
    const added = files.map((file) => ({ key: this.nextKey++, file, folderId, status: 'waiting' as const, percent: 0 }));
    this.items = [...this.items, ...added];
    this.pump();
    return added.map((item) => item.key);
  }

  /** Stops a file that waits or goes up; the others go on. */
  cancel(key: number): void {
    const item = this.items.find((entry) => entry.key === key);
    if (!item || (item.status !== 'waiting' && item.status !== 'uploading')) return;
    this.controllers.get(key)?.abort();
    this.update(key, { status: 'cancelled' });
    this.pump();
  }

  /** Forgets the files that have ended (sent, refused, cancelled); those still going stay. */
  clearFinished(): void {
    this.items = this.items.filter((item) => item.status === 'waiting' || item.status === 'uploading');
    this.notify();
  }

  private update(key: number, change: Partial<QueuedUpload>): void {
    this.items = this.items.map((item) => (item.key === key ? { ...item, ...change } : item));
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private pump(): void {
    let running = this.items.filter((item) => item.status === 'uploading').length;
    for (const item of this.items) {
      if (running >= PARALLEL_UPLOADS) break;
      if (item.status !== 'waiting') continue;
      running += 1;
      void this.start(item);
    }
  }

  private async start(item: QueuedUpload): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.key, controller);
    this.update(item.key, { status: 'uploading', percent: 0 });
    try {
      const answer = await this.send(item.file, item.folderId, controller.signal, (percent) => {
        if (!controller.signal.aborted) this.update(item.key, { percent });
      });
      if (controller.signal.aborted) return;
      if ('duplicate' in answer) this.update(item.key, { status: 'duplicate', percent: 100, asset: answer.duplicate });
      else {
        this.update(item.key, { status: 'done', percent: 100, asset: answer.asset });
        for (const listener of this.uploadedListeners) listener(answer.asset);
      }
    } catch (error) {
      if (!controller.signal.aborted) this.update(item.key, { status: 'failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      this.controllers.delete(item.key);
      this.pump();
    }
  }
}

import type { AppConfig } from '../config.js';
import { S3FileStore } from '../files/s3Store.js';
import { LocalFileStore, type FileStore } from '../files/store.js';

/** The configured file store (the bucket when `S3_BUCKET` is set, else the uploads folder) and how to let it go. */
export function configuredFileStore(config: Pick<AppConfig, 's3' | 'uploadsDir'>): { files: FileStore; close: () => void } {
  if (config.s3) {
    const bucket = new S3FileStore(config.s3);
    return { files: bucket, close: () => bucket.destroy() };
  }
  return { files: new LocalFileStore(config.uploadsDir), close: () => undefined };
}

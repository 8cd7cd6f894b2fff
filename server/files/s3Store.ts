import type * as ClientS3 from '@aws-sdk/client-s3';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import type { Readable } from 'node:stream';
import { dispositionOf, mediaTypeOf } from './mediaTypes.js';
import { newUploadKey, type FileStore } from './store.js';

export interface S3Settings {
  bucket: string;
  /** Unset means AWS itself; any S3-compatible service (MinIO, Yandex Object Storage, …) is named here. */
  endpoint: string | null;
  region: string;
  accessKeyId: string | null;
  secretAccessKey: string | null;
  /** `bucket` in the path instead of the host name, as MinIO and many compatible services expect. */
  forcePathStyle: boolean;
}

/** The object storage answered something other than "no such object", or did not answer at all. */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Object storage unavailable: ${String(cause instanceof Error ? cause.message : cause)}`, { cause });
  }
}

/** One part of an object, as asked for with an HTTP `Range` header. */
export interface ObjectRead {
  body: Readable;
  /** 200 for the whole object, 206 for a part. */
  status: 200 | 206;
  contentLength: number;
  contentRange: string | null;
  etag: string | null;
  lastModified: Date | null;
}

/** How many removals run at once. */
const REMOVALS_AT_ONCE = 8;

/** The AWS SDK's parts the store uses. */
type Sdk = typeof ClientS3 & Pick<typeof LibStorage, 'Upload'>;

let sdkLoading: Promise<Sdk> | null = null;

/**
 * The AWS SDK, loaded when a store first talks to its bucket: it is a third of a second of a core to load, which a
 * site on local files, and every start before its first upload, need not pay.
 */
function awsSdk(): Promise<Sdk> {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({ ...s3, Upload: storage.Upload }));
  return sdkLoading;
}

/** An answer of the storage itself, rather than a connection that failed. */
const answered = (aws: Sdk, error: unknown): error is S3ServiceException => error instanceof aws.S3ServiceException;

const isMissing = (aws: Sdk, error: unknown) =>
  answered(aws, error) && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

const isUnsatisfiableRange = (aws: Sdk, error: unknown) => answered(aws, error) && error.$metadata.httpStatusCode === 416;

/**
 * Uploads in an S3-compatible bucket. An object becomes visible only once its upload completed (a PUT, or the
 * last step of a multipart upload), so a row never names half a file. Keys are the same as in the local folder.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3';
  readonly bucket: string;
  private client: S3Client | null = null;
  private connecting: Promise<{ aws: Sdk; client: S3Client }> | null = null;

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  /** The SDK and this store's client, made on first use. */
  private connection(): Promise<{ aws: Sdk; client: S3Client }> {
    this.connecting ??= awsSdk().then((aws) => ({ aws, client: (this.client = this.newClient(aws)) }));
    return this.connecting;
  }

  private newClient(aws: Sdk): S3Client {
    const settings = this.settings;
    return new aws.S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // Checksums only where the API requires them: several S3-compatible services reject the newer headers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
    });
  }

  newKey(folder: string, extension: string): string {
    return newUploadKey(folder, extension);
  }

  /** Stores bytes or a stream; large bodies go up as a multipart upload, in parts, in constant memory. */
  async write(key: string, data: Buffer | Readable): Promise<void> {
    const { aws, client } = await this.connection();
    try {
      await new aws.Upload({
        client,
        // Served straight from the bucket (`S3_PUBLIC_URL`), a document is downloaded as from `/uploads`.
        params: { Bucket: this.bucket, Key: key, Body: data, ContentType: mediaTypeOf(key), ContentDisposition: dispositionOf(key) ?? undefined },
        // A failed multipart upload is aborted, so that no parts are left to pay for.
        leavePartsOnError: false,
      }).done();
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  async remove(keys: Iterable<string>): Promise<void> {
    const queue = [...keys];
    if (queue.length === 0) return;
    const { aws, client } = await this.connection();
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        await client.send(new aws.DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((error: unknown) => {
          throw new StorageUnavailableError(error);
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(REMOVALS_AT_ONCE, queue.length) }, worker));
  }

  async list(): Promise<{ key: string; modifiedMs: number }[]> {
    const files: { key: string; modifiedMs: number }[] = [];
    const { aws, client } = await this.connection();
    for await (const page of aws.paginateListObjectsV2({ client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) files.push({ key: object.Key, modifiedMs: object.LastModified?.getTime() ?? 0 });
      }
    }
    return files;
  }

  /** Every object with its size (for `storage:migrate`'s comparison). */
  async sizes(): Promise<Map<string, number>> {
    const sizes = new Map<string, number>();
    const { aws, client } = await this.connection();
    for await (const page of aws.paginateListObjectsV2({ client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) if (object.Key) sizes.set(object.Key, object.Size ?? 0);
    }
    return sizes;
  }

  async size(key: string): Promise<number | null> {
    const { aws, client } = await this.connection();
    try {
      const head = await client.send(new aws.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(aws, error)) return null;
      throw new StorageUnavailableError(error);
    }
  }

  async read(key: string): Promise<Readable | null> {
    const object = await this.get(key, null);
    return object && 'body' in object ? object.body : null;
  }

  private async lengthOf(key: string): Promise<number> {
    const { aws, client } = await this.connection();
    try {
      return (await client.send(new aws.HeadObjectCommand({ Bucket: this.bucket, Key: key }))).ContentLength ?? 0;
    } catch (error) {
      throw new StorageUnavailableError(error);
    }
  }

  /**
   * The object, or the part a `Range` header asks for; null when there is no such object, and the object's length
   * (`{ unsatisfiable }`) when the range lies past its end.
   */
  async get(key: string, range: string | null): Promise<ObjectRead | { unsatisfiable: number } | null> {
    const { aws, client } = await this.connection();
    try {
      const object = await client.send(new aws.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ?? undefined }));
      return {
        body: object.Body as Readable,
        status: object.ContentRange ? 206 : 200,
        contentLength: object.ContentLength ?? 0,
        contentRange: object.ContentRange ?? null,
        etag: object.ETag ?? null,
        lastModified: object.LastModified ?? null,
      };
    } catch (error) {
      if (isMissing(aws, error)) return null;
      if (range && isUnsatisfiableRange(aws, error)) return { unsatisfiable: await this.lengthOf(key) };
      throw new StorageUnavailableError(error);
    }
  }

  async check(timeoutMs: number): Promise<void> {
    const { aws, client } = await this.connection();
    await client.send(new aws.HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(timeoutMs) });
  }

  destroy(): void {
    this.client?.destroy();
  }
}

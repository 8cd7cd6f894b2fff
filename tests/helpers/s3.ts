import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** The credentials s3rver accepts. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * An S3-compatible server in this process (s3rver, files in a temporary folder) with one bucket. `stop` and
 * `restart` take it away and bring it back on the same port with the same objects.
 */
export interface TestObjectStorage {
  bucket: string;
  endpoint: string;
  /** The `S3_*` settings that point the product at it. */
  env: Record<string, string>;
  /** Whether an object is in the bucket. */
  has: (key: string) => Promise<boolean>;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startObjectStorage(bucket = 'site-uploads'): Promise<TestObjectStorage> {
  const directory = await mkdtemp(path.join(tmpdir(), 'site-s3-'));
  const serve = async (port: number) => {
    const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory });
    const address = await server.run();
    return { server, port: address.port };
  };
  let { server, port } = await serve(0);
  let running = true;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: CREDENTIALS });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    bucket,
    endpoint,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    },
    has: async (key) =>
      client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        (error: { $metadata?: { httpStatusCode?: number } }) => {
          if (error.$metadata?.httpStatusCode === 404) return false;
          throw error;
        },
      ),
    stop,
    restart: async () => {
      ({ server, port } = await serve(port));
      running = true;
    },
    close: async () => {
      client.destroy();
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

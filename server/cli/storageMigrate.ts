/**
 * Copies a local uploads folder into the object storage and verifies every object: `npm run storage:migrate`
 * (`-- --from <folder>`, default `$DATA_DIR/uploads`). Uses the server's `S3_*` settings. Files already in the
 * bucket with the same size are not uploaded again; every object, copied or not, is read back and compared with
 * its file by size and SHA-256. Exits non-zero when any object differs or could not be copied. Safe to run again.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { S3FileStore } from '../files/s3Store.js';
import { LocalFileStore } from '../files/store.js';

/** How many files are copied and verified at once. */
const AT_ONCE = 4;

async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    const bytes = chunk as Buffer;
    hash.update(bytes);
    size += bytes.length;
  }
  return { sha256: hash.digest('hex'), size };
}

const { values } = parseArgs({ options: { from: { type: 'string' } } });
const config = loadConfig();
if (!config.s3) {
  process.stderr.write('Error: S3_BUCKET is not set: name the bucket (and S3_ENDPOINT, S3_ACCESS_KEY_ID, … as for the server).\n');
  process.exit(1);
}
const local = new LocalFileStore(path.resolve(values.from ?? config.uploadsDir));
const bucket = new S3FileStore(config.s3);
try {
  // Temporary files are writes that never finished: nothing names them.
  const files = (await local.list()).filter((file) => !file.key.endsWith('.tmp')).map((file) => file.key);
  const present = await bucket.sizes();
  const counts = { copied: 0, alreadyThere: 0, verified: 0 };
  const failures: string[] = [];
  const queue = [...files];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        const original = await digest(createReadStream(local.pathOf(key)));
        if (present.get(key) === original.size) counts.alreadyThere++;
        else {
          await bucket.write(key, createReadStream(local.pathOf(key)));
          counts.copied++;
        }
        const stream = await bucket.read(key);
        const copy = stream ? await digest(stream) : null;
        if (!copy) failures.push(`${key}: missing from the bucket after the copy`);
        else if (copy.size !== original.size || copy.sha256 !== original.sha256) failures.push(`${key}: differs (${copy.size} bytes, sha256 ${copy.sha256})`);
        else counts.verified++;
      } catch (error) {
        failures.push(`${key}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  process.stdout.write(
    `${files.length} files in ${local.root}: ${counts.copied} copied, ${counts.alreadyThere} already in the bucket, ${counts.verified} verified (size and SHA-256) in ${bucket.bucket}.\n`,
  );
  if (failures.length > 0) {
    process.stderr.write(`Error: ${failures.length} not verified:\n${failures.map((line) => `  ${line}`).join('\n')}\n`);
    process.exitCode = 1;
  }
} finally {
  bucket.destroy();
}

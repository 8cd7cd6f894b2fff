import { randomBytes } from 'node:crypto';
import { benchApp } from './harness.js';

const FILES = 200;
const FILE_BYTES = 1024 * 1024;

/**
 * Streams the logo archive of 200 one-megabyte files over real HTTP and samples the process's memory while it
 * does: the growth stays near the stream buffers, not the archive's size.
 */
export async function benchArchive(): Promise<void> {
  const { app, close } = await benchApp({ seedDemo: false });
  try {
    const { id: groupId } = await app.db
      .insertInto('photobank_groups')
      .values({ kind: 'logo', title: 'Логотипы', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: categoryId } = await app.db
      .insertInto('photobank_categories')
      .values({ group_id: groupId, title: 'Все', position: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (let i = 0; i < FILES; i++) {
      const { id: itemId } = await app.db
        .insertInto('photobank_logo_items')
        .values({ category_id: categoryId, type: 'logo', title: `Логотип ${i}`, position: i, preview: null, hex: '', rgb: '', cmyk: '', pantone: '' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const key = app.files.newKey('photobank/logos', 'png');
      await app.files.write(key, randomBytes(FILE_BYTES));
      await app.db.insertInto('photobank_logo_files').values({ item_id: itemId, format: 'png', file: key, size: FILE_BYTES, position: 0 }).execute();
    }
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const response = await fetch(`${address}/api/photobank/logos/archive`);
    let received = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) received += chunk.length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(`\nLogo archive: ${FILES} files × 1 MB, streamed over HTTP`);
    console.log(
      `archive ${mb(received)} MB in ${seconds.toFixed(2)} s (${mb(received / seconds)} MB/s); RSS ${mb(before)} MB → peak ${mb(peak)} MB (+${mb(peak - before)} MB)`,
    );
  } finally {
    await close();
  }
}

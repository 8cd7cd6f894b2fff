import { access } from 'node:fs/promises';
import archiver from 'archiver';
import type { FastifyPluginAsync } from 'fastify';
import { listLogoFiles } from '../content/photobank.js';

export const LOGO_ARCHIVE_NAME = 'logos.zip';

/** A name safe inside a ZIP on every system: no separators, no control or reserved characters. */
function archiveSegment(value: string): string {
  return (
    value
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim() || 'file'
  );
}

export const photobankRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/photobank/logos', async () => ({ data: await app.content.photobank.logos() }));
  app.get('/api/photobank/photos', async () => ({ data: await app.content.photobank.photos() }));

  /** Every logo file in one ZIP, streamed file by file: memory stays flat however many files there are. */
  app.get('/api/photobank/logos/archive', async (request, reply) => {
    const files = await listLogoFiles(app.db);
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.on('warning', (warning) => request.log.warn({ err: warning }, 'logo archive warning'));
    archive.on('error', (error) => {
      request.log.error({ err: error }, 'logo archive failed');
      archive.destroy(error);
    });
    const usedNames = new Set<string>();
    for (const file of files) {
      const absolute = app.files.pathOf(file.file);
      const present = await access(absolute).then(
        () => true,
        () => false,
      );
      if (!present) {
        request.log.warn({ file: file.file }, 'logo file missing from the uploads folder; left out of the archive');
        continue;
      }
      let name = [file.group, file.category, `${file.item}.${file.format}`].map(archiveSegment).join('/');
      if (usedNames.has(name)) name = name.replace(/(\.\w+)$/, ` (${file.id})$1`);
      usedNames.add(name);
      archive.file(absolute, { name });
    }
    void archive.finalize();
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${LOGO_ARCHIVE_NAME}"`)
      .header('Cache-Control', 'no-cache')
      .send(archive);
  });
};

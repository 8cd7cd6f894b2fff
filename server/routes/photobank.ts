import { once } from 'node:events';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { publicRead } from '../cache/publicRead.js';
import { listLogoFiles } from '../content/photobank.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { idParams } from '../resources/zod.js';
import { PHOTOBANK_DOCS } from './openapi/site.js';
import { localeParams, requestedLocale, withLocaleQuery } from '../translations/publicQuery.js';

export const LOGO_ARCHIVE_NAME = 'logos.zip';

export const PHOTOBANK_CATEGORY_NOT_FOUND = 'Категория фотобанка не найдена.';

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
  // In the language `?locale=` names, where the site has several.
  const { config } = app;
  const photobank = (request: FastifyRequest) => app.contentIn(requestedLocale(request, config)).photobank;
  const language = localeParams(config);
  app.get<{ Querystring: { page?: unknown } }>(
    '/api/photobank/logos',
    { schema: withLocaleQuery(PHOTOBANK_DOCS.logos, config), ...publicRead('page', ...language) },
    async (request) => ({ data: await photobank(request).logos(requirePage(request.query.page)) }),
  );
  app.get<{ Querystring: { page?: unknown } }>(
    '/api/photobank/photos',
    { schema: withLocaleQuery(PHOTOBANK_DOCS.photos, config), ...publicRead('page', ...language) },
    async (request) => ({ data: await photobank(request).photos(requirePage(request.query.page)) }),
  );
  app.get<{ Params: { id: number }; Querystring: { page?: unknown } }>(
    '/api/photobank/categories/:id',
    { schema: withLocaleQuery({ ...PHOTOBANK_DOCS.category, params: idParams }, config), ...publicRead('page', ...language) },
    async (request) => {
      const category = await photobank(request).category(request.params.id, requirePage(request.query.page));
      if (!category) throw notFound(PHOTOBANK_CATEGORY_NOT_FOUND);
      return { data: category };
    },
  );

  /** Every logo file in one ZIP, streamed file by file from the uploads (the folder or the bucket). */
  app.get('/api/photobank/logos/archive', { schema: PHOTOBANK_DOCS.archive }, async (request, reply) => {
    const files = await listLogoFiles(app.db);
    // Loaded on the first archive asked for: no start pays for it.
    const { default: archiver } = await import('archiver');
    const archive = archiver('zip', { zlib: { level: 6 } });
    archive.on('warning', (warning) => request.log.warn({ err: warning }, 'logo archive warning'));
    archive.on('error', (error) => {
      request.log.error({ err: error }, 'logo archive failed');
      archive.destroy(error);
    });
    const usedNames = new Set<string>();
    // One file is opened at a time, when the archive is ready for it: memory and connections to the storage stay
    // flat however many files there are.
    const fill = async () => {
      for (const file of files) {
        const stream = await app.files.read(file.file);
        if (!stream) {
          request.log.warn({ file: file.file }, 'logo file missing from the uploads; left out of the archive');
          continue;
        }
        let name = [file.group, file.category, `${file.item}.${file.format}`].map(archiveSegment).join('/');
        if (usedNames.has(name)) name = name.replace(/(\.\w+)$/, ` (${file.id})$1`);
        usedNames.add(name);
        const added = once(archive, 'entry');
        archive.append(stream, { name });
        await added;
      }
      await archive.finalize();
    };
    fill().catch((error: unknown) => {
      request.log.error({ err: error }, 'logo archive failed');
      archive.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${LOGO_ARCHIVE_NAME}"`)
      .header('Cache-Control', 'no-cache')
      .send(archive);
  });
};

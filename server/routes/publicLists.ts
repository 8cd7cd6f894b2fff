import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { RESOURCES, type PublicListDeclaration } from '../../lib/resources/index.js';
import { partNames } from '../content/listParts.js';
import { publicRead } from '../cache/publicRead.js';
import { mediaTypeOf } from '../files/mediaTypes.js';
import { notFound } from '../http/errors.js';
import { requirePage } from '../http/paging.js';
import { fieldSchema, idParams } from '../resources/zod.js';
import { publicListDocs } from './openapi/publicLists.js';
import { localeParams, localeQueryShape, requestedLocale } from '../translations/publicQuery.js';

/** `attachment` under the document's original name: an ASCII fallback and the UTF-8 name (RFC 6266). */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const absentWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** The query parameter that picks a part of a list that declares parts: one of their names, the first when absent. */
function partQuery(list: PublicListDeclaration): Record<string, z.ZodType> {
  if (!list.parts) return {};
  const names = partNames(list) as [string, ...string[]];
  const schema = z.enum(names, { error: `Допустимые значения: ${names.join(', ')}.` });
  const described = schema.describe(`The part of the list: ${names.map((name) => `\`${name}\``).join(', ')} (the first when absent).`);
  return { [list.parts.param]: z.preprocess(absentWhenEmpty, described.optional()) };
}

/**
 * The public lists the resource declarations give a JSON address: `GET /api/<api>?<filter>=…&page=N` (a filter value that names
 * nothing is a 400, a bad page a 404) and each single file's download under its original name.
 */
export const publicListsRoutes: FastifyPluginAsync = async (app) => {
  for (const resource of RESOURCES) {
    const read = resource.public?.list;
    if (!read?.api) continue;
    const filters = Object.fromEntries(
      read.filters.map((name) => {
        const field = resource.fields[name];
        const schema = field && fieldSchema(field);
        if (!schema) throw new Error(`${resource.name}: the public filter ${name} is no declared value field`);
        return [name, z.preprocess(absentWhenEmpty, schema.optional())];
      }),
    );
    const parts = partQuery(read);
    const query = z.object({ ...filters, ...parts, page: z.string().optional(), ...localeQueryShape(app.config) });
    const docs = publicListDocs(resource);

    app.get<{ Querystring: Record<string, unknown> }>(
      `/api/${read.api}`,
      { schema: { ...docs.list, querystring: query }, ...publicRead(...read.filters, ...Object.keys(parts), 'page', ...localeParams(app.config)) },
      async (request) => {
        const { page, ...values } = request.query;
        const part = read.parts ? values[read.parts.param] : undefined;
        // The declared filters, not the language (`locale`), which picks the services below.
        const chosen = Object.fromEntries(
          Object.entries(values).filter(
            (entry): entry is [string, string | number] => read.filters.includes(entry[0]) && entry[1] !== undefined && entry[1] !== null,
          ),
        );
        const { reads } = app.contentIn(requestedLocale(request, app.config));
        return { data: await reads.list(resource.name, { filters: chosen, part: typeof part === 'string' ? part : undefined, page: requirePage(page) }) };
      },
    );

    for (const name of read.fields) {
      const field = resource.fields[name];
      if (field?.kind !== 'files' || field.maxFiles !== 1) continue;
      app.get<{ Params: { id: number } }>(`/api/${read.api}/:id/${name}`, { schema: { ...docs.file(name), params: idParams } }, async (request, reply) => {
        const file = await app.content.reads.file(resource.name, request.params.id, name);
        const stream = file && (await app.files.read(file.src));
        if (!file || !stream) throw notFound('Документ не найден.');
        return reply
          .type(mediaTypeOf(file.format))
          .header('Content-Disposition', contentDisposition(file.name))
          .header('X-Content-Type-Options', 'nosniff')
          .send(stream);
      });
    }
  }
};

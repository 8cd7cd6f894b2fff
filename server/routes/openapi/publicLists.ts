import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import type { ResourceDescriptor } from '../../../lib/resources/index.js';
import { mediaTypeOf } from '../../files/mediaTypes.js';
import { TAGS } from '../../http/openapi/document.js';
import { operation } from '../../http/openapi/operation.js';
import { int, pageOf } from '../../http/openapi/shapes.js';
import { publicOrderOf } from '../../content/publicReads.js';
import { rangeInWords } from '../../content/listParts.js';
import { declaredReadShape } from '../../resources/recordSchemas.js';

/** The documented operations of the public lists the resource declarations name (server/routes/publicLists.ts). */

/** The fields visitors see of a resource's public list: the one place this reads the declaration. */
const publicFieldsOf = (resource: ResourceDescriptor): readonly string[] => resource.public?.list?.fields ?? [];

/** A record of the list: `id` and the fields visitors see, as the admin reads them. */
export const publicRecordOf = (resource: ResourceDescriptor) => z.object({ id: int, ...declaredReadShape(resource, publicFieldsOf(resource)) });

/** The list's declared order in words: `public_at` descending, then `id` descending. */
function orderText(resource: ResourceDescriptor): string {
  const list = resource.public?.list;
  if (!list) return '`id` descending';
  return publicOrderOf(resource, list)
    .map(([column, direction]) => `\`${column}\` ${direction === 'asc' ? 'ascending' : 'descending'}`)
    .join(', then ');
}

/** How a list in parts reads: each part's conditions relative to now and its order, as declared. */
function partsText(resource: ResourceDescriptor): string {
  const parts = resource.public?.list?.parts;
  if (!parts) return '';
  const described = parts.parts.map((part) => {
    const where = part.where.map(rangeInWords);
    const order = part.order.map(([field, direction]) => `${field} ${direction}`).join(', ');
    return `\`${part.name}\` (${where.join(' and ')}; ordered by ${order})`;
  });
  return ` The list is read in parts, \`${parts.param}\` picking one: ${described.join('; ')}; the first when absent, an unknown part a 400.`;
}

export interface PublicListDocs {
  list: FastifySchema;
  /** The download of one file field. */
  file: (field: string) => FastifySchema;
}

export function publicListDocs(resource: ResourceDescriptor): PublicListDocs {
  const tag = TAGS.lists.name;
  return {
    list: operation({
      summary: `A page of \`${resource.name}\``,
      description: `Published items whose moment has come${resource.public?.list?.parts ? '' : `, ordered by ${orderText(resource)}`}; a filter value that names nothing is a 400, a bad page a 404.${partsText(resource)}`,
      tag,
      data: pageOf(publicRecordOf(resource)),
      errors: [404],
    }),
    file: (name) => {
      const field = resource.fields[name];
      const formats = field?.kind === 'files' ? field.formats : [];
      const content = Object.fromEntries(formats.map((format) => [mediaTypeOf(format), { schema: { type: 'string', contentMediaType: mediaTypeOf(format) } }]));
      return operation({
        summary: `Download the \`${name}\` of a \`${resource.name}\` item`,
        tag,
        success: { description: 'The file, as a download under its original name.', content },
      });
    },
  };
}

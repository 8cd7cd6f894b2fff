import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { PublicListsService, PublicRecord } from '../../lib/content.js';
import { resourceNamed, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { StoredDocument } from '../../lib/types.js';
import type { Database } from '../db/schema.js';
import { toDownloadFile } from './mappers.js';
import { pageOf, toCount } from './paging.js';
import { nowIso } from './visibility.js';

type LooseDatabase = Record<string, Record<string, unknown>>;

/** The address a single file of a public list downloads from, under its original name. */
export const publicFileUrl = (path: string, id: number, field: string): string => `/api/${path}/${id}/${field}`;

function publicResource(name: string): ResourceDescriptor & { public: NonNullable<ResourceDescriptor['public']> } {
  const resource = resourceNamed(name);
  if (!resource?.public) throw new Error(`${name} declares no public list`);
  return resource as ResourceDescriptor & { public: NonNullable<ResourceDescriptor['public']> };
}

/** What visitors may see: published (when the resource has the flag), and `public_at` (when it has one) has come. */
function visible(resource: ResourceDescriptor): RawBuilder<SqlBool> {
  const rules: RawBuilder<SqlBool>[] = [sql<SqlBool>`1 = 1`];
  if ('published' in resource.fields) rules.push(sql<SqlBool>`published = 1`);
  if ('public_at' in resource.fields) rules.push(sql<SqlBool>`public_at <= ${nowIso()}`);
  return sql<SqlBool>`${sql.join(rules, sql` and `)}`;
}

/** A row as visitors read it: the declared public fields, single files as downloads. */
function toPublicRecord(resource: ResourceDescriptor & { public: NonNullable<ResourceDescriptor['public']> }, row: Record<string, unknown>): PublicRecord {
  const record: PublicRecord = { id: Number(row.id) };
  for (const name of resource.public.fields) {
    const field = resource.fields[name];
    if (field?.kind === 'files' && field.maxFiles === 1) {
      const file = toDownloadFile((row[name] as string | null) ?? null);
      record[name] = file && { ...file, url: publicFileUrl(resource.public.path, record.id, name) };
    } else {
      record[name] = row[name];
    }
  }
  return record;
}

/** The public lists of every resource that declares one, newest first. */
export function createPublicListsService(db: Kysely<Database>): PublicListsService {
  const loose = db as unknown as Kysely<LooseDatabase>;
  const select = (resource: ResourceDescriptor, filters: Readonly<Record<string, string | number>>) => {
    let query = loose.selectFrom(resource.table).where(visible(resource));
    for (const [name, value] of Object.entries(filters)) query = query.where(name, '=', value);
    return query;
  };
  return {
    list(name, filters, page) {
      const resource = publicResource(name);
      const ordered = 'public_at' in resource.fields;
      return pageOf(
        page,
        resource.public.perPage,
        async () =>
          toCount(
            (await select(resource, filters)
              .select((eb) => eb.fn.countAll().as('count'))
              .executeTakeFirst()) as { count: number },
          ),
        async (limit, offset) => {
          let query = select(resource, filters).selectAll();
          if (ordered) query = query.orderBy('public_at', 'desc');
          const rows = await query.orderBy('id', 'desc').limit(limit).offset(offset).execute();
          return rows.map((row) => toPublicRecord(resource, row));
        },
      );
    },
    async values(name, field) {
      const resource = publicResource(name);
      const rows = await select(resource, {}).select(field).distinct().orderBy(field, 'desc').execute();
      return rows.map((row) => row[field] as string | number);
    },
    async file(name, id, field) {
      const resource = publicResource(name);
      const row = await select(resource, {}).select(field).where('id', '=', id).executeTakeFirst();
      const json = row?.[field];
      return typeof json === 'string' ? (JSON.parse(json) as StoredDocument) : null;
    },
  };
}

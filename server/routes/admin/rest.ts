import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import { z } from 'zod';
import { MENU_KINDS } from '../../../lib/types.js';
import { auditedWrite } from '../../admin/audit.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { integer, optionalId, requiredText, siteLink, text, webUrl } from '../../admin/validate.js';
import { formError, parseForm } from '../../http/validation.js';
import type { Database, MenuItemsTable, NetworkCollectionsTable } from '../../db/schema.js';
import { notFound } from '../../http/errors.js';

type Trx = Transaction<Database>;
type IdParams = { Params: { id: string } };
type RestTable = 'menu_items' | 'network_collections';

/**
 * A plain REST resource (DESIGN.md §4): `GET /api/admin/<resource>` and `/{id}` in the list conventions,
 * `POST` creates, `PUT /{id}` updates the fields sent, `DELETE /{id}` removes and answers the removed record.
 */
interface RestResource<T extends RestTable> {
  spec: ListSpec<T>;
  createSchema: z.ZodType<Record<string, unknown>>;
  updateSchema: z.ZodType<Record<string, unknown>>;
  /** The complete row to insert: defaults filled in, references checked. */
  toInsert: (trx: Trx, values: Record<string, unknown>) => Promise<Insertable<Database[T]>>;
  /** The columns to update, references checked against the current row. */
  toUpdate: (trx: Trx, values: Record<string, unknown>, current: Selectable<Database[T]>) => Promise<Updateable<Database[T]>>;
}

/** Kysely over the one table a resource names; its `toInsert`/`toUpdate` produce that table's typed values. */
type LooseDatabase = Record<string, Record<string, string | number | null>>;
const loose = (db: Kysely<Database> | Trx) => db as unknown as Kysely<LooseDatabase>;

function registerRest<T extends RestTable>(app: FastifyInstance, resource: RestResource<T>): void {
  const { spec } = resource;
  const table: string = spec.table;
  const base = `/api/admin/${spec.resource}`;
  registerAdminReads(app, spec, (rows) => rows);

  app.post(base, async (request: FastifyRequest) => {
    const values = parseForm(resource.createSchema, request.body);
    const row = await auditedWrite(request, { action: 'create', resource: spec.resource }, async (trx) => {
      const inserted = await loose(trx)
        .insertInto(table)
        .values((await resource.toInsert(trx, values)) as Record<string, string | number | null>)
        .returningAll()
        .executeTakeFirstOrThrow();
      return inserted;
    });
    return { data: row };
  });

  app.put<IdParams>(`${base}/:id`, async (request) => {
    const id = parseId(request.params.id);
    const values = parseForm(resource.updateSchema, request.body);
    const row = await auditedWrite(request, { action: 'update', resource: spec.resource }, async (trx) => {
      const current = await loose(trx).selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      const changes = await resource.toUpdate(trx, values, current as Selectable<Database[T]>);
      const updated = await loose(trx)
        .updateTable(table)
        .set(changes as Record<string, string | number | null>)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return updated;
    });
    return { data: row };
  });

  app.delete<IdParams>(`${base}/:id`, async (request) => {
    const id = parseId(request.params.id);
    const row = await auditedWrite(request, { action: 'delete', resource: spec.resource }, async (trx) => {
      const removed = await loose(trx).deleteFrom(table).where('id', '=', id).returningAll().executeTakeFirst();
      if (!removed) throw notFound();
      return removed;
    });
    return { data: row };
  });
}

/** The position after the last one (0 for an empty list); menus count within their kind. */
async function nextRestPosition(trx: Trx, table: RestTable, kind?: MenuRow['kind']): Promise<number> {
  let query = loose(trx).selectFrom(table).select((eb) => eb.fn.max('position').as('last'));
  if (kind) query = query.where('kind', '=', kind);
  const last = (await query.executeTakeFirst())?.last;
  return last === null || last === undefined ? 0 : Number(last) + 1;
}

// ---------------------------------------------------------------- menus

type MenuRow = Selectable<MenuItemsTable>;

const menuFields = z.object({
  kind: z.enum(MENU_KINDS, { error: `Вид меню — ${MENU_KINDS.join(', ')}.` }),
  parent_id: optionalId,
  title: requiredText(200),
  url: siteLink,
  position: integer(0),
});

/** A parent must exist, belong to the same menu, and not be the item itself or one of its descendants. */
async function checkParent(trx: Trx, parentId: number | null, kind: MenuRow['kind'], selfId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await trx.selectFrom('menu_items').select(['id', 'kind', 'parent_id']).where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw formError({ parent_id: ['Такого пункта меню нет.'] });
  if (parent.kind !== kind) throw formError({ parent_id: ['Родитель — пункт другого меню.'] });
  if (selfId === null) return;
  const all = await trx.selectFrom('menu_items').select(['id', 'parent_id']).where('kind', '=', kind).execute();
  const parents = new Map(all.map((item) => [item.id, item.parent_id]));
  for (let at: number | null | undefined = parentId, steps = 0; at != null && steps <= all.length; at = parents.get(at), steps++) {
    if (at === selfId) throw formError({ parent_id: ['Пункт не может быть вложен сам в себя.'] });
  }
}

const menuResource: RestResource<'menu_items'> = {
  spec: {
    resource: 'menus',
    table: 'menu_items',
    sortable: ['kind', 'parent_id', 'title', 'url', 'position'],
    searchable: ['title'],
    filters: { kind: 'text', parent_id: 'int' },
    defaultSort: ['position', 'ASC'],
  },
  createSchema: menuFields.partial().required({ kind: true, title: true }),
  updateSchema: menuFields.partial(),
  async toInsert(trx, raw) {
    const values = raw as z.output<typeof menuFields>;
    const parentId = values.parent_id ?? null;
    await checkParent(trx, parentId, values.kind, null);
    const position = values.position ?? (await nextRestPosition(trx, 'menu_items', values.kind));
    return { kind: values.kind, parent_id: parentId, title: values.title, url: values.url ?? '', position };
  },
  async toUpdate(trx, raw, current) {
    const values = raw as Partial<z.output<typeof menuFields>>;
    const kind = values.kind ?? current.kind;
    const parentId = values.parent_id === undefined ? current.parent_id : values.parent_id;
    if (values.parent_id !== undefined || values.kind !== undefined) await checkParent(trx, parentId, kind, current.id);
    return { ...values, kind, parent_id: parentId };
  },
};

// ---------------------------------------------------------------- network collections (social links)

const networkFields = z.object({
  title: requiredText(200),
  url: webUrl,
  icon: text(60).refine((value) => /^[a-z0-9-]*$/.test(value), 'Имя значка: строчные латинские буквы, цифры и дефисы.'),
  position: integer(0),
});

const networkResource: RestResource<'network_collections'> = {
  spec: {
    resource: 'network-collections',
    table: 'network_collections',
    sortable: ['title', 'url', 'icon', 'position'],
    searchable: ['title'],
    filters: { icon: 'text' },
    defaultSort: ['position', 'ASC'],
  },
  createSchema: networkFields.partial().required({ title: true, url: true }),
  updateSchema: networkFields.partial(),
  async toInsert(trx, raw) {
    const values = raw as z.output<typeof networkFields>;
    const position = values.position ?? (await nextRestPosition(trx, 'network_collections'));
    return { title: values.title, url: values.url, icon: values.icon ?? '', position };
  },
  async toUpdate(_trx, raw) {
    return raw as Updateable<NetworkCollectionsTable>;
  },
};

/** Menus (MANAGER), plain REST. */
export async function menuAdminRoutes(app: FastifyInstance): Promise<void> {
  registerRest(app, menuResource);
}

/** Network collections (MANAGER), plain REST. */
export async function networkAdminRoutes(app: FastifyInstance): Promise<void> {
  registerRest(app, networkResource);
}

import type { FastifyInstance } from 'fastify';
import { RESOURCES } from '../../lib/resources/index.js';
import { may, type Permissions } from '../../lib/resources/rights.js';
import { parseId, runListQuery, setContentRange, type ListSpec } from '../records/listQuery.js';
import { listQuerySchema, parseListQuery } from '../records/listQuerySchema.js';
import { requireAccess } from '../auth/guard.js';
import type { TrashRow } from '../db/schema.js';
import { DAY_MS, expiryOf, purgeTrash, TRASH_PURGE_INTERVAL_MS } from './purge.js';
import { restoreFromTrash } from './restore.js';
import { ADMIN_DOCS } from '../routes/openapi/admin.js';

export const TRASH_LIST: ListSpec<'trash'> = {
  resource: 'trash',
  table: 'trash',
  sortable: ['removed_at', 'resource', 'title', 'removed_by_email'],
  searchable: ['title'],
  filters: { resource: 'text', removed_by_email: 'text' },
  defaultSort: ['removed_at', 'DESC'],
  columns: ['resource', 'record_id', 'title', 'removed_by_email', 'removed_at'],
};
const LIST_QUERY = listQuerySchema(TRASH_LIST);

const TRASH_RESOURCES = RESOURCES.filter((resource) => resource.trash);

/** The resources whose removed records a role sees and restores: those it may edit. */
const trashResourcesFor = (permissions: Permissions): string[] =>
  TRASH_RESOURCES.filter((resource) => may(permissions, resource.name, 'read')).map((resource) => resource.name);

/** An entry as the trash screen shows it; the removed row itself stays on the server. */
const presentEntry = (entry: TrashRow, retentionDays: number) => ({
  id: entry.id,
  resource: entry.resource,
  record_id: entry.record_id,
  title: entry.title,
  removed_by_email: entry.removed_by_email,
  removed_at: entry.removed_at,
  purge_at: new Date(Date.parse(entry.removed_at) + retentionDays * DAY_MS).toISOString(),
});

export interface TrashOptions {
  /** How often expired entries are purged (tests shorten it). */
  purgeIntervalMs?: number;
}

/**
 * The trash: removed records of the resources that declare `trash` (ra-data-simple-rest list reads, restore,
 * emptying by a MANAGER) and the server's own purge of the entries older than `TRASH_RETENTION_DAYS`.
 */
export async function trashRoutes(app: FastifyInstance, options: TrashOptions): Promise<void> {
  const retentionDays = app.config.trashRetentionDays;
  // One process of those sharing the database purges at a time; a purge is safe anyway (see `purgeTrash`).
  app.jobs.add({
    name: 'trash-purge',
    everyMs: options.purgeIntervalMs ?? TRASH_PURGE_INTERVAL_MS,
    run: async () => {
      const actor = { id: null, email: '' };
      const count = await purgeTrash({ db: app.db, files: app.files, removedBefore: expiryOf(retentionDays), actor, ip: 'server', log: app.log });
      if (count) app.log.info({ purged: count, retentionDays }, 'purged expired trash entries with their files');
    },
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess('staff'));

    // `GET /api/admin/trash?sort=&range=&filter=`: the entries of the resources the user may edit.
    scope.get<{ Querystring: Record<string, unknown> }>('/api/admin/trash', { schema: ADMIN_DOCS.trash }, async (request, reply) => {
      const list = parseListQuery(LIST_QUERY, request.query);
      const visible = trashResourcesFor(request.user?.permissions ?? {});
      // Every entry is of a resource that declares `trash`: a role that may edit them all needs no filter (and the
      // list keeps reading in the order of its index instead of sorting every entry of several resources).
      if (visible.length < TRASH_RESOURCES.length) list.equals.push({ column: 'resource', values: visible });
      const { rows, total, start } = await runListQuery(app.db, TRASH_LIST, list);
      setContentRange(reply, TRASH_LIST.resource, start, rows.length, total);
      return { data: rows.map((row) => presentEntry(row, retentionDays)) };
    });

    // `POST /api/admin/trash/restore/{resource}/{id}`: the record back under its id, answered as its admin read.
    scope.post<{ Params: { resource: string; id: string } }>('/api/admin/trash/restore/:resource/:id', { schema: ADMIN_DOCS.restore }, async (request) => {
      return { data: await restoreFromTrash(request, request.params.resource, parseId(request.params.id)) };
    });
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess('manager'));
    scope.post('/api/admin/trash/empty', { schema: ADMIN_DOCS.emptyTrash }, async (request) => {
      const user = request.user ?? { id: null, email: '' };
      const purged = await purgeTrash({
        db: app.db,
        files: app.files,
        removedBefore: null,
        actor: { id: user.id, email: user.email },
        ip: request.ip,
        log: request.log,
      });
      return { data: { purged } };
    });
  });
}

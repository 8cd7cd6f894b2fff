import type { FastifyInstance } from 'fastify';
import { runListQuery, setContentRange, type ListSpec } from '../records/listQuery.js';
import { listQuerySchema, parseListQuery } from '../records/listQuerySchema.js';
import { requireAccess } from '../auth/guard.js';
import type { Outbox } from '../outbox/outbox.js';
import type { AppConfig } from '../config.js';
import type { OutboxRow } from '../db/schema.js';
import { ADMIN_DOCS } from '../routes/openapi/admin.js';
import { indexNowDelivery, isAcceptance, urlsOf } from './deliver.js';
import { INDEXNOW_KIND } from './notify.js';

const LOG: ListSpec<'outbox'> = {
  resource: 'indexnow',
  table: 'outbox',
  sortable: ['created_at', 'due_at', 'sent_at', 'attempts'],
  searchable: ['payload'],
  filters: {},
  defaultSort: ['created_at', 'DESC'],
};
const LOG_QUERY = listQuerySchema(LOG);

/** Where a notice stands: waiting for its (next) attempt, accepted by the engine, or refused for good. */
export type NoticeState = 'waiting' | 'accepted' | 'refused';

/** A notice as the delivery log shows it. */
const presentNotice = (row: OutboxRow) => ({
  id: row.id,
  urls: urlsOf(JSON.parse(row.payload)),
  created_at: row.created_at,
  due_at: row.due_at,
  sent_at: row.sent_at,
  attempts: row.attempts,
  answer: row.answer,
  last_error: row.last_error,
  state: (row.sent_at === null ? 'waiting' : isAcceptance(row.answer) ? 'accepted' : 'refused') satisfies NoticeState,
});

/** Delivers the kept notices to the configured engine, all due ones in one request per round. */
export function handleIndexNow(outbox: Outbox, config: Pick<AppConfig, 'publicUrl' | 'indexNow'>): void {
  if (config.indexNow) outbox.handleBatch(INDEXNOW_KIND, indexNowDelivery(config.publicUrl, config.indexNow));
}

/**
 * IndexNow: with a key set, its delivery and the key file `/{key}.txt` at the site's root, which the engine reads
 * to confirm that the notices come from the site; and, for a MANAGER, the log of the notices.
 */
export async function indexNowRoutes(app: FastifyInstance): Promise<void> {
  const settings = app.config.indexNow;
  if (settings) {
    handleIndexNow(app.outbox, app.config);
    app.get(`/${settings.key}.txt`, async (_request, reply) => reply.type('text/plain; charset=utf-8').send(settings.key));
  }

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess({ resource: 'settings' }));
    // `GET /api/admin/indexnow?sort=&range=&filter=`: the notices, newest first.
    scope.get<{ Querystring: Record<string, unknown> }>('/api/admin/indexnow', { schema: ADMIN_DOCS.indexNow }, async (request, reply) => {
      const list = parseListQuery(LOG_QUERY, request.query);
      list.equals.push({ column: 'kind', values: [INDEXNOW_KIND] });
      const { rows, total, start } = await runListQuery(app.db, LOG, list);
      setContentRange(reply, LOG.resource, start, rows.length, total);
      return { data: rows.map(presentNotice) };
    });
  });
}

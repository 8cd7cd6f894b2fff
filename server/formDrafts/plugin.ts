import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HTML_MAX, resourceNamed } from '../../lib/resources/index.js';
import { may } from '../../lib/resources/rights.js';
import { FORBIDDEN_MESSAGE, requireAccess } from '../auth/guard.js';
import { HttpError, notFound } from '../http/errors.js';
import { lockForDecision } from '../db/locks.js';
import { formDraftUsage, findFormDraft, forgetFormDraft, keepFormDraft, purgeFormDrafts, type FormDraftAddress } from './store.js';
import { ADMIN_DOCS } from '../routes/openapi/admin.js';
import { myWork } from './myWork.js';

const DAY_MS = 86_400_000;
/** Kept versions nobody came back to for this long are removed. */
export const FORM_DRAFT_RETENTION_DAYS = 30;
export const FORM_DRAFT_PURGE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/**
 * The largest kept version (past it: 413): the longest rich text in UTF-8 (a Cyrillic letter takes two bytes),
 * with room for the other fields of the form.
 */
export const FORM_DRAFT_BODY_LIMIT = 2 * HTML_MAX + 256 * 1024;
export const UNKNOWN_FORM_MESSAGE = 'Такой формы нет.';

/**
 * What one user may keep: forms are a few levels deep (a field, a language's version of it), and an editor has a
 * handful of forms open; past these bounds a kept version is refused (400 for the depth, 413 for the rest).
 */
export const FORM_DRAFT_MAX_DEPTH = 32;
export const FORM_DRAFTS_PER_USER = 100;
export const FORM_DRAFT_BYTES_PER_USER = 20 * 1024 * 1024;
export const FORM_DRAFT_DEPTH_MESSAGE = `Слишком глубокая вложенность значений формы: больше ${FORM_DRAFT_MAX_DEPTH} уровней.`;
export const FORM_DRAFTS_FULL_MESSAGE =
  `Сохранено слишком много черновиков форм: не больше ${FORM_DRAFTS_PER_USER} и ${FORM_DRAFT_BYTES_PER_USER / 1024 / 1024} МБ на пользователя. ` +
  'Сохраните или удалите старые черновики.';

/** Whether a value nests objects or arrays deeper than `limit` levels; looked at without recursion, as the value may be hostile. */
function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= limit) return true;
    for (const child of Object.values(item)) pending.push([child, depth + 1]);
  }
  return false;
}

const params = z.object({
  resource: z.string().max(100),
  // A record's id, or `new` for the create form.
  key: z.string().regex(/^(?:new|[1-9]\d{0,14})$/, 'Ожидается номер записи или new.'),
});
const body = z.object({
  // Writing a value nested thousands deep would exhaust the stack of JSON.stringify: refused first.
  values: z.record(z.string(), z.unknown()).refine((values) => !nestsDeeperThan(values, FORM_DRAFT_MAX_DEPTH), FORM_DRAFT_DEPTH_MESSAGE),
  version: z.number().int().positive().nullable(),
});
type DraftRoute = { Params: z.output<typeof params> };

/** The kept version a request names: the signed-in user's, of a resource with a form their role may use. */
function addressOf(request: FastifyRequest<DraftRoute>): FormDraftAddress {
  const resource = resourceNamed(request.params.resource);
  if (!resource || resource.api === 'read-only') throw notFound(UNKNOWN_FORM_MESSAGE);
  const user = request.user;
  if (!user || !may(user.permissions, resource.name, 'edit')) throw new HttpError(403, FORBIDDEN_MESSAGE);
  return { userId: user.id, resource: resource.name, recordKey: request.params.key };
}

/**
 * Autosaved form versions (docs/admin-api.md): each user reads, keeps and removes only their own, so an editor's
 * unsaved work survives a crash, a reload or another computer. Old ones are purged by the periodic job runner.
 */
export async function formDraftRoutes(app: FastifyInstance): Promise<void> {
  app.jobs.add({
    name: 'form-drafts-purge',
    everyMs: FORM_DRAFT_PURGE_INTERVAL_MS,
    run: async () => {
      const purged = await purgeFormDrafts(app.db, new Date(Date.now() - FORM_DRAFT_RETENTION_DAYS * DAY_MS));
      if (purged) app.log.info({ purged, retentionDays: FORM_DRAFT_RETENTION_DAYS }, 'purged old kept form versions');
    },
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAccess('staff'));
    scope.get('/api/admin/my-work', { schema: ADMIN_DOCS.myWork }, async (request) => ({
      data: await myWork(app.db, { id: request.user?.id ?? 0, permissions: request.user?.permissions ?? {} }),
    }));

    const path = '/api/admin/form-drafts/:resource/:key';

    scope.get<DraftRoute>(path, { schema: { ...ADMIN_DOCS.draft, params } }, async (request) => ({ data: await findFormDraft(app.db, addressOf(request)) }));

    scope.put<DraftRoute & { Body: z.output<typeof body> }>(
      path,
      { schema: { ...ADMIN_DOCS.keepFormDraft, params, body }, bodyLimit: FORM_DRAFT_BODY_LIMIT },
      async (request) => {
        const address = addressOf(request);
        const bytes = Buffer.byteLength(JSON.stringify(request.body.values));
        // The user's kept versions are counted and written under one lock, so parallel saves cannot pass the bounds together.
        const kept = await app.db.transaction().execute(async (trx) => {
          await lockForDecision(trx, `form-drafts:${address.userId}`);
          const usage = await formDraftUsage(trx, address);
          if (usage.count + 1 > FORM_DRAFTS_PER_USER || usage.bytes + bytes > FORM_DRAFT_BYTES_PER_USER) throw new HttpError(413, FORM_DRAFTS_FULL_MESSAGE);
          return keepFormDraft(trx, address, request.body);
        });
        return { data: kept };
      },
    );

    scope.delete<DraftRoute>(path, { schema: { ...ADMIN_DOCS.forgetFormDraft, params } }, async (request) => ({
      data: { removed: await forgetFormDraft(app.db, addressOf(request)) },
    }));
  });
}

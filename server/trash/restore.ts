import type { FastifyRequest } from 'fastify';
import { adoptRecordFiles } from '../assets/adopt.js';
import { keepUses } from '../assets/uses.js';
import { resourceNamed, type ResourceDescriptor, type ResourceName } from '../../lib/resources/index.js';
import { may } from '../../lib/resources/rights.js';
import { auditedWrite } from '../records/audit.js';
import { placeAt } from '../records/ordering.js';
import { isUniqueViolation } from '../records/unique.js';
import { FORBIDDEN_MESSAGE } from '../auth/guard.js';
import { HttpError, notFound } from '../http/errors.js';
import type { Row, Trx } from '../resources/hooks.js';
import { hooksOf, tableOf } from '../resources/index.js';
import { presenterOf } from '../resources/present.js';
import { withDraftState } from '../review/read.js';
import { declared } from '../db/declared.js';
import { missingReference, orderedListOf, takenValue, type FieldProblem } from '../resources/rows.js';
import { followAddressChange, followTranslatedAddressChange } from '../redirects/store.js';
import { noticePageChange } from '../indexnow/notify.js';
import { indexRecord } from '../search/indexer.js';
import { translationLocalesOf } from '../translations/admin.js';
import { translatedAddresses } from '../translations/addresses.js';

export const NOT_IN_TRASH_MESSAGE = 'В корзине нет такой записи.';

/** The resources that keep removed records in the trash. */
export const trashResourceNamed = (name: string): (ResourceDescriptor & { name: ResourceName }) | undefined => {
  const resource = resourceNamed(name);
  return resource?.trash ? (resource as ResourceDescriptor & { name: ResourceName }) : undefined;
};

/** 409: the record cannot come back as it was; the message names the record and the reason. */
function cannotRestore(title: string, problem: FieldProblem, value: unknown): HttpError {
  const reason = problem.message.charAt(0).toLocaleLowerCase('ru-RU') + problem.message.slice(1).replace(/\.$/, '');
  const shown = typeof value === 'string' && value !== '' ? ` — «${value}»` : '';
  return new HttpError(409, `Нельзя восстановить «${title}»: ${reason}${shown}.`, { [problem.field]: [problem.message] });
}

async function reinsert(trx: Trx, resource: ResourceDescriptor, row: Row, title: string): Promise<Row> {
  const taken = await takenValue(trx, resource, row, null);
  if (taken) throw cannotRestore(title, taken, row[taken.field]);
  const unknown = await missingReference(trx, resource, row, tableOf);
  if (unknown) throw cannotRestore(title, unknown, null);
  try {
    return (await declared(trx).insertInto(resource.table).values(row).returningAll().executeTakeFirstOrThrow()) as Row;
  } catch (error) {
    // Another save took the address between the check and the insert: the unique index refuses it.
    if (isUniqueViolation(error)) throw new HttpError(409, `Нельзя восстановить «${title}»: его адрес уже занят другой записью.`);
    throw error;
  }
}

/**
 * Puts a record of the trash back under its own id: audited, in one transaction that claims the entry (so a purge
 * or a second restore running at the same moment finds nothing), checks that its unique values (slug, identifier)
 * are still free and that what it refers to still exists (409 otherwise), re-inserts the row, puts it back in its
 * place in ordered lists and in the search index. Its addresses come back in every language it has a version in (the
 * versions stay with it in the trash): each takes over a redirect that led elsewhere meanwhile, and IndexNow is told
 * of them. Answers the record in the admin read shape.
 */
export async function restoreFromTrash(request: FastifyRequest, name: string, recordId: number): Promise<unknown> {
  const resource = trashResourceNamed(name);
  if (!resource) throw notFound(NOT_IN_TRASH_MESSAGE);
  if (!request.user || !may(request.user.permissions, resource.name, 'delete')) throw new HttpError(403, FORBIDDEN_MESSAGE);
  const hooks = hooksOf(resource.name);
  const row = await auditedWrite(request, { action: 'restore', resource: resource.name }, async (trx) => {
    const entry = await trx.deleteFrom('trash').where('resource', '=', resource.name).where('record_id', '=', recordId).returningAll().executeTakeFirst();
    if (!entry) throw notFound(NOT_IN_TRASH_MESSAGE);
    const restored = await reinsert(trx, resource, JSON.parse(entry.row) as Row, entry.title);
    if (resource.ordered) await placeAt(trx, orderedListOf(resource, restored), restored.id, Number(restored.position));
    await hooks.afterRestore?.(trx, restored);
    const translated = await translatedAddresses(trx, resource, restored, translationLocalesOf(resource, request.server.config.siteLocales));
    await followAddressChange(trx, resource, null, restored);
    await followTranslatedAddressChange(trx, new Map(), translated);
    await noticePageChange(trx, request.server.config, resource, null, restored, { before: new Map(), after: translated });
    await indexRecord(trx, resource, restored);
    const extra = await hooks.assetKeys?.(trx, restored);
    await adoptRecordFiles(trx, request.server.files, resource, restored, extra);
    await keepUses(trx, resource, restored, extra);
    return restored;
  });
  const [record] = await presenterOf(resource, hooks)(request.server.db, [row]);
  // As the record's admin read answers it: a resource that keeps drafts tells its draft, kept in the trash with it.
  return resource.drafts ? withDraftState(request, resource, record) : record;
}

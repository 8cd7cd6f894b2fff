import { FILE_FORMAT_LABELS, resourceNamed, type FileFormat } from '../../lib/resources/index.js';
import { may } from '../../lib/resources/rights.js';
import type { AuthUser } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { loadRow } from '../resources/rows.js';
import { isLive, resourcesReviewedFor } from '../review/rules.js';

export const NO_RIGHTS_OVER_USES_MESSAGE = 'Недостаточно прав: файл используется в записях, которые вам недоступны. Обратитесь к менеджеру.';
export const LIVE_UNDER_REVIEW_MESSAGE =
  'Файл используется в опубликованной записи раздела на согласовании: заменить или удалить его, вернуть прежний файл или сдвинуть точку фокуса может только менеджер. Загрузите новый файл в медиатеку и выберите его в черновике записи.';

/**
 * A library asset is as much the records' that use it as its own: replacing its file changes what their pages show,
 * removing it takes it from them, and its uses name them. So these need the right to every resource whose records
 * use it (a USER may not replace the file of an investor document, which only a MANAGER edits): else 403.
 */
export async function requireRightsOverUses(db: Db, user: AuthUser | undefined, assetId: number): Promise<void> {
  const uses = await db.selectFrom('asset_uses').select('resource').distinct().where('asset_id', '=', assetId).execute();
  const refused = uses.some(({ resource }) => {
    const descriptor = resourceNamed(resource);
    return !user || (descriptor !== undefined && !may(user.permissions, descriptor.name, 'edit'));
  });
  if (refused) throw new HttpError(403, NO_RIGHTS_OVER_USES_MESSAGE);
}

/**
 * A new file for an asset must fit every field that uses it, as if it were picked there (a GIF never becomes a
 * logo's file, which takes SVG, PNG, PDF and EPS): else 415, the message naming the file.
 */
export async function requireUsesTake(db: Db, assetId: number, format: FileFormat, fileName: string): Promise<void> {
  const uses = await db.selectFrom('asset_uses').select(['resource', 'field']).distinct().where('asset_id', '=', assetId).execute();
  for (const use of uses) {
    const field = resourceNamed(use.resource)?.fields[use.field];
    if ((field?.kind === 'image' || field?.kind === 'files') && !field.formats.includes(format)) {
      const labels = field.formats.map((taken) => FILE_FORMAT_LABELS[taken]).join(', ');
      throw new HttpError(415, `«${fileName}»: файл используется там, где допустимы только ${labels}.`, { file: [`Допустимые форматы: ${labels}.`] });
    }
  }
}

/**
 * Review covers what a record shows through the library too: an asset's file, its crops (cut around the focal point)
 * and its lasting address are part of every page that uses it, so changing or removing an asset used by a live record
 * of a resource under review is for those who may publish that record (a MANAGER): else 403. A USER changes such a
 * record's picture through its draft, choosing another asset.
 */
export async function requirePublishOverLiveUses(db: Db, user: AuthUser | undefined, assetId: number): Promise<void> {
  const reviewed = await resourcesReviewedFor(db, user);
  if (!reviewed.length) return;
  const uses = await db
    .selectFrom('asset_uses')
    .select(['resource', 'record_id'])
    .distinct()
    .where('asset_id', '=', assetId)
    .where('resource', 'in', reviewed)
    .execute();
  for (const use of uses) {
    const resource = resourceNamed(use.resource);
    const row = resource && (await loadRow(db, resource, use.record_id));
    if (resource && row && isLive(resource, row)) throw new HttpError(403, LIVE_UNDER_REVIEW_MESSAGE);
  }
}

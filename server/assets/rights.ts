import { FILE_FORMAT_LABELS, resourceNamed, roleMayUse, type FileFormat } from '../../lib/resources/index.js';
import type { AuthUser } from '../auth/guard.js';
import type { Db } from '../db/schema.js';
import { HttpError } from '../http/errors.js';

export const NO_RIGHTS_OVER_USES_MESSAGE = 'Недостаточно прав: файл используется в записях, которые вам недоступны. Обратитесь к менеджеру.';

/**
 * A library asset is as much the records' that use it as its own: replacing its file changes what their pages show,
 * removing it takes it from them, and its uses name them. So these need the right to every resource whose records
 * use it (a USER may not replace the file of an investor document, which only a MANAGER edits): else 403.
 */
export async function requireRightsOverUses(db: Db, user: AuthUser | undefined, assetId: number): Promise<void> {
  const uses = await db.selectFrom('asset_uses').select('resource').distinct().where('asset_id', '=', assetId).execute();
  const refused = uses.some(({ resource }) => {
    const descriptor = resourceNamed(resource);
    return !user || (descriptor !== undefined && !roleMayUse(user.role, descriptor));
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

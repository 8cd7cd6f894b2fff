import { sql } from 'kysely';
import type { ResourceDescriptor } from '../../lib/resources/index.js';
import { nowIso } from '../content/visibility.js';
import type { Db, Row } from '../resources/hooks.js';
import { decodedPath, encodedAddress } from './paths.js';

/**
 * Where an old address of the site leads now, if it is one, as a `Location` header carries it. `path` is the
 * request's path as sent (percent-encoded); it is compared in the decoded form redirects are stored in, and one
 * with a malformed escape is no old address.
 */
export async function redirectTarget(db: Db, path: string): Promise<string | null> {
  const from = decodedPath(path);
  if (from === null) return null;
  const row = await db.selectFrom('redirects').select('to_path').where('from_path', '=', from).executeTakeFirst();
  return row ? encodedAddress(row.to_path) : null;
}

/**
 * Keeps a record's public address answering after a write: a record now at an address that used to redirect takes
 * it over; a changed address leaves the old one leading to the new one, and whatever led to the old one now leads
 * straight to the new one (one hop, never a chain). `before` is null for a new record.
 */
export async function followAddressChange(trx: Db, resource: ResourceDescriptor, before: Row | null, after: Row): Promise<void> {
  const page = resource.public?.page;
  if (page) await followPathChange(trx, before ? page.path(before) : null, page.path(after));
}

/**
 * The same for a record's addresses in the other languages (by language, with their prefix): an English slug
 * changed leaves the old English address leading to the new one.
 */
export async function followTranslatedAddressChange(trx: Db, before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): Promise<void> {
  for (const [locale, to] of after) await followPathChange(trx, before.get(locale) ?? null, to);
}

/** A page now at `to`, formerly at `from` (null: nowhere before). */
async function followPathChange(trx: Db, before: string | null, to: string): Promise<void> {
  await trx.deleteFrom('redirects').where('from_path', '=', to).execute();
  const from = before ?? to;
  if (from === to) return;
  const now = nowIso();
  await trx
    .updateTable('redirects')
    .set({ to_path: to, updated_at: now, version: sql`version + 1` })
    .where('to_path', '=', from)
    .execute();
  await trx
    .insertInto('redirects')
    .values({ from_path: from, to_path: to, created_at: now, updated_at: now })
    .onConflict((conflict) => conflict.column('from_path').doUpdateSet({ to_path: to, updated_at: now, version: sql`redirects.version + 1` }))
    .execute();
}

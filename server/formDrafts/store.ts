import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** Which kept version: one user's form of one record (`new` for the create form of the resource). */
export interface FormDraftAddress {
  userId: number;
  resource: string;
  recordKey: string;
}

/** A kept version as the admin reads it back. */
export interface FormDraft {
  resource: string;
  record_key: string;
  values: Record<string, unknown>;
  version: number | null;
  saved_at: string;
}

export async function findFormDraft(db: Kysely<Database>, address: FormDraftAddress): Promise<FormDraft | null> {
  const row = await db
    .selectFrom('form_drafts')
    .select(['resource', 'record_key', 'form_values', 'version', 'saved_at'])
    .where('user_id', '=', address.userId)
    .where('resource', '=', address.resource)
    .where('record_key', '=', address.recordKey)
    .executeTakeFirst();
  if (!row) return null;
  return {
    resource: row.resource,
    record_key: row.record_key,
    values: JSON.parse(row.form_values) as Record<string, unknown>,
    version: row.version,
    saved_at: row.saved_at,
  };
}

/** Keeps the form's values, replacing the user's previous kept version of the same form. */
export async function keepFormDraft(
  db: Kysely<Database>,
  address: FormDraftAddress,
  draft: { values: Record<string, unknown>; version: number | null },
  now = new Date(),
): Promise<FormDraft> {
  const saved_at = now.toISOString();
  const form_values = JSON.stringify(draft.values);
  await db
    .insertInto('form_drafts')
    .values({ user_id: address.userId, resource: address.resource, record_key: address.recordKey, form_values, version: draft.version, saved_at })
    .onConflict((conflict) => conflict.columns(['user_id', 'resource', 'record_key']).doUpdateSet({ form_values, version: draft.version, saved_at }))
    .execute();
  return { resource: address.resource, record_key: address.recordKey, values: draft.values, version: draft.version, saved_at };
}

/** How many kept versions a user has besides the one at `address`, and their size in bytes (UTF-8). */
export async function formDraftUsage(db: Kysely<Database>, address: FormDraftAddress): Promise<{ count: number; bytes: number }> {
  const bytes = isPostgres(db) ? sql<number>`octet_length(form_values)` : sql<number>`length(cast(form_values as blob))`;
  const row = await db
    .selectFrom('form_drafts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.coalesce(eb.fn.sum<number>(bytes), sql<number>`0`).as('bytes')])
    .where('user_id', '=', address.userId)
    .where((eb) => eb.or([eb('resource', '!=', address.resource), eb('record_key', '!=', address.recordKey)]))
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Removes the kept version; answers whether there was one. */
export async function forgetFormDraft(db: Kysely<Database>, address: FormDraftAddress): Promise<boolean> {
  const result = await db
    .deleteFrom('form_drafts')
    .where('user_id', '=', address.userId)
    .where('resource', '=', address.resource)
    .where('record_key', '=', address.recordKey)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes every kept version saved before `before`; answers how many. */
export async function purgeFormDrafts(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db.deleteFrom('form_drafts').where('saved_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

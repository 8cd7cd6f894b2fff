import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { forgetKeptForms } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How often enquiries past their retention are deleted. */
export const RETENTION_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Deletes the enquiries older than `days` (a periodic job), and with them their consent proof (time, IP, browser).
 * The kept consent texts stay: they are the company's documents, not anyone's personal data. Answers how many went.
 */
export async function deleteExpiredEnquiries(db: Kysely<Database>, days: number, now = Date.now()): Promise<number> {
  const before = new Date(now - days * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const rows = await trx.deleteFrom('enquiries').where('created_at', '<', before).returning('id').execute();
    await forgetKeptForms(
      trx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
}

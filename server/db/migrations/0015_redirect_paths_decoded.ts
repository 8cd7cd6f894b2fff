import type { Kysely } from 'kysely';
import { decodedPath } from '../../redirects/paths.js';

interface Redirects {
  redirects: { id: number; from_path: string; to_path: string };
}

/**
 * Redirects keep their addresses in decoded form (`/н`, not `/%D0%BD`), the form the site now compares requests
 * in. Rows saved percent-encoded are rewritten; when that makes two rows name one old address, the rewritten row
 * stays (an encoded address is the one requests matched so far) and the other goes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const typed = db as unknown as Kysely<Redirects>;
  const rows = await typed.selectFrom('redirects').select(['id', 'from_path', 'to_path']).orderBy('id').execute();
  const idOf = new Map(rows.map((row) => [row.from_path, row.id]));
  for (const row of rows) {
    const from = decodedPath(row.from_path) ?? row.from_path;
    const to = decodedPath(row.to_path) ?? row.to_path;
    if (from === row.from_path && to === row.to_path) continue;
    const other = idOf.get(from);
    if (other !== undefined && other !== row.id) await typed.deleteFrom('redirects').where('id', '=', other).execute();
    idOf.delete(row.from_path);
    idOf.set(from, row.id);
    await typed.updateTable('redirects').set({ from_path: from, to_path: to }).where('id', '=', row.id).execute();
  }
}

/** The decoded form names the same addresses: nothing to undo. */
export async function down(): Promise<void> {}

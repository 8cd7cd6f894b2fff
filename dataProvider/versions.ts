/**
 * The `If-Match` of a write based on a record as it was read: its version, so that the server refuses (409) the
 * write when someone saved the record since, instead of silently overwriting their changes.
 */
export function basedOn(record: unknown): Record<string, string> {
  const version = typeof record === 'object' && record !== null ? (record as { version?: unknown }).version : undefined;
  return typeof version === 'number' ? { 'If-Match': `"${version}"` } : {};
}

/** The `meta` of an update with which the editor deliberately replaces another editor's newer version («Оставить мою»). */
export interface OverwriteMeta {
  overwrite: true;
}

/** The headers of an update: its version, and whether it is a deliberate overwrite (audited as such). */
export function updateHeaders(previousData: unknown, meta: unknown): Record<string, string> {
  const overwrite = typeof meta === 'object' && meta !== null && (meta as Partial<OverwriteMeta>).overwrite === true;
  return { ...basedOn(previousData), ...(overwrite ? { 'X-Conflict-Resolution': 'overwrite' } : {}) };
}

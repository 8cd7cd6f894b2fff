import { isUpload, type ResourceDescriptor } from '../../lib/resources/index.js';
import { toAdminDownloadFile, toPublicImage } from '../content/mappers.js';
import type { Db, ResourceHooks, Row } from './hooks.js';

/** The text an image gets as alt when the editor wrote none: the record's title or name. */
const fallbackAlt = (row: Row): string => String(row.title ?? row.name ?? '');

/**
 * The admin read shape of a row: its columns, with image columns as public images (their alt text from the
 * declared alt field, else the title) and single files as `{ url, name, size, format, text_layer? }`. Write answers use it too,
 * so a write answers exactly what a read of that id answers.
 */
export function presentRow(resource: ResourceDescriptor, row: Row): Row {
  const record: Row = { ...row };
  for (const [name, field] of Object.entries(resource.fields)) {
    if (!isUpload(field) || !(name in row)) continue;
    if (field.kind === 'image') {
      const alt = field.alt ? String(row[field.alt] ?? '') : '';
      record[name] = toPublicImage(row[name] as string | null, alt || fallbackAlt(row));
    } else if (field.maxFiles === 1) {
      record[name] = toAdminDownloadFile(row[name] as string | null);
    }
  }
  return record;
}

/**
 * How a resource's rows are answered to the admin: its hook's shape, else `presentRow`; either way with the row's
 * version, which the admin sends back as `If-Match` when it saves.
 */
export function presenterOf(resource: ResourceDescriptor, hooks: ResourceHooks): (db: Db, rows: Row[]) => Promise<unknown[]> {
  const shape = hooks.present ?? ((_db: Db, rows: Row[]) => rows.map((row) => presentRow(resource, row)));
  return async (db, rows) => {
    const records = await shape(db, rows);
    return records.map((record, at) => {
      const version = rows[at]?.version;
      return version === undefined || typeof record !== 'object' || record === null ? record : { ...record, version };
    });
  };
}

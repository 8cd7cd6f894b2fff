import type { VerbResource } from './resources.js';

export type UnknownRecord = Record<string, unknown>;

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** The `rawFile` of a react-admin file input's value, if it holds a new file. */
function rawFileOf(value: unknown): Blob | null {
  if (isBlob(value)) return value;
  if (typeof value === 'object' && value !== null && 'rawFile' in value) {
    const raw = (value as { rawFile: unknown }).rawFile;
    if (isBlob(raw)) return raw;
  }
  return null;
}

function fileName(blob: Blob, fallback: string): string {
  return typeof File !== 'undefined' && blob instanceof File && blob.name ? blob.name : fallback;
}

function scalar(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The JSON body of a write: the accepted fields only, flags as 0 or 1. */
export function toJsonBody(config: VerbResource, data: UnknownRecord): UnknownRecord {
  const body: UnknownRecord = {};
  for (const field of config.fields) {
    if (field in data && data[field] !== undefined) body[field] = scalar(data[field]);
  }
  return body;
}

/**
 * The multipart form of a write: the accepted fields as text (flags as `0`/`1`, null as empty) and the new files
 * (`rawFile` of react-admin's file inputs) as file parts. Files already on the server are not sent again.
 */
export function toFormData(config: VerbResource, data: UnknownRecord): FormData {
  const form = new FormData();
  for (const field of config.fields) {
    if (!(field in data) || data[field] === undefined) continue;
    const value = scalar(data[field]);
    form.append(field, value === null ? '' : String(value));
  }
  for (const file of config.files ?? []) {
    const value = data[file.name];
    const entries = Array.isArray(value) ? value : [value];
    for (const entry of file.multiple ? entries : entries.slice(0, 1)) {
      const raw = rawFileOf(entry);
      if (raw) form.append(file.name, raw, fileName(raw, file.name));
    }
  }
  return form;
}

import type { WrittenFields } from './resources.js';

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

/** A library asset chosen for an image or file field (`{ asset: id }`), instead of a file uploaded with the record. */
export interface AssetReference {
  asset: number;
}

export function isAssetReference(value: unknown): value is AssetReference {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 1 && typeof (value as { asset?: unknown }).asset === 'number';
}

/** The file fields of a write that hold a library asset chosen in the picker. */
const assetReferencesOf = (config: WrittenFields, data: UnknownRecord): [string, AssetReference][] =>
  (config.files ?? []).flatMap(({ name }) => {
    const value = data[name];
    return isAssetReference(value) ? [[name, value] as [string, AssetReference]] : [];
  });

/** Whether a write names a library asset for one of its file fields. */
export const holdsAssetReference = (config: WrittenFields, data: UnknownRecord): boolean => assetReferencesOf(config, data).length > 0;

/** Whether a write sends new files: then it goes as multipart, else as JSON. */
export const sendsNewFiles = (config: WrittenFields, data: UnknownRecord): boolean =>
  (config.files ?? []).some(({ name }) => {
    const value = data[name];
    return (Array.isArray(value) ? value : [value]).some((entry) => rawFileOf(entry) !== null);
  });

/** The JSON body of a write: the accepted fields only, flags as 0 or 1, and the library assets chosen for file fields. */
export function toJsonBody(config: WrittenFields, data: UnknownRecord): UnknownRecord {
  const body: UnknownRecord = {};
  for (const field of config.fields) {
    if (field in data && data[field] !== undefined) body[field] = scalar(data[field]);
  }
  for (const [field, reference] of assetReferencesOf(config, data)) body[field] = reference;
  return body;
}

/**
 * The multipart form of a write: the accepted fields as text (flags as `0`/`1`, null as empty) and the new files
 * (`rawFile` of react-admin's file inputs) as file parts. Files already on the server are not sent again.
 */
export function toFormData(config: WrittenFields, data: UnknownRecord): FormData {
  const form = new FormData();
  for (const field of config.fields) {
    if (!(field in data) || data[field] === undefined) continue;
    const value = scalar(data[field]);
    form.append(field, value === null ? '' : String(value));
  }
  // A library asset chosen for another field beside the new files goes as its JSON text.
  for (const [field, reference] of assetReferencesOf(config, data)) form.append(field, JSON.stringify(reference));
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

import type { Identifier, RaRecord } from 'react-admin';
import type { AssetUse } from '@lib/resources/index.js';
import { unwrap } from './apiClient.js';
import type { HttpClient } from './httpClient.js';
import type { ChangeAction } from './types.js';
import { ADMIN_API } from './resources.js';
import { basedOn } from './versions.js';

/** A library asset as the admin API answers it (a list row; the single read adds `variants` and `sha256`). */
export interface Asset extends RaRecord {
  id: number;
  folder_id: number | null;
  folder_name: string | null;
  kind: 'image' | 'document';
  format: string;
  name: string;
  alt: string;
  caption: string;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  focal_x: number;
  focal_y: number;
  /** The file's public address. */
  url: string;
  /** A small variant's address (images). */
  thumbnail: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  /** How many records use it. */
  uses: number;
  /** The single read only: the file before the last replacement, which `revertAssetFile` puts back; null when none. */
  previous_file?: { format: string; size: number; url: string; replaced_at: string } | null;
}

/** The server's answer to one upload: a new asset, or the one already stored with the same content. */
export type UploadAnswer = { asset: Asset } | { duplicate: Asset };

/** One file going up: where to, and what the caller follows of it. */
export interface AssetUploadParams {
  file: File;
  /** The folder the new asset goes into; the library's root when null. */
  folderId: number | null;
  signal?: AbortSignal;
  /** The percent of the file sent so far. */
  onProgress?: (percent: number) => void;
}

export interface AssetReplaceParams {
  id: Identifier;
  file: File;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

/** The library's calls beside its generic reads and edits (the media library's admin API). */
export interface AssetMethods {
  /** `POST assets/upload`: one file per request, so that each has its own progress and cancel. */
  uploadAsset(resource: 'assets', params: AssetUploadParams): Promise<{ data: UploadAnswer }>;
  /** `POST assets/move`: puts the assets into a folder (null: the root). */
  moveAssets(resource: 'assets', params: { ids: Identifier[]; folderId: number | null }): Promise<{ data: { moved: number } }>;
  /** `GET assets/:id/uses`: every record that uses the asset. */
  getAssetUses(resource: 'assets', params: { id: Identifier }): Promise<{ data: AssetUse[] }>;
  /** `POST assets/:id/replace`: a new file for the same asset (same id; same address for documents). */
  replaceAsset(resource: 'assets', params: AssetReplaceParams): Promise<{ data: Asset }>;
  /** `POST assets/:id/revert-file`: undoes the last replacement of the asset's file. */
  revertAssetFile(resource: 'assets', params: { id: Identifier; previousData?: RaRecord }): Promise<{ data: Asset }>;
  /** `DELETE assets/:id?confirm=uses`: removes an asset in use (to the trash), once the editor has seen its uses. */
  removeUsedAsset(resource: 'assets', params: { id: Identifier; previousData?: RaRecord }): Promise<{ data: Asset }>;
}

const percentOf = (report: ((percent: number) => void) | undefined) =>
  report
    ? ({ loaded, total }: { loaded: number; total: number }) => {
        if (total) report(Math.min(100, Math.round((loaded * 100) / total)));
      }
    : undefined;

/**
 * The library's calls; `changed` is told of every write (the admin's refetches: a new, moved, replaced or removed
 * asset refetches the library's lists).
 */
export function assetMethods(http: HttpClient, changed: (resource: string, action: ChangeAction, records: RaRecord[]) => void): AssetMethods {
  const assetUrl = (id: Identifier) => `${ADMIN_API}/assets/${encodeURIComponent(String(id))}`;
  const sendFile = async (url: string, file: File, fields: Record<string, string>, signal?: AbortSignal, onProgress?: (percent: number) => void) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file, file.name);
    const response = await http.post(url, form, { signal, onUploadProgress: percentOf(onProgress) });
    return unwrap<unknown>(response.data);
  };
  return {
    async uploadAsset(_resource, { file, folderId, signal, onProgress }) {
      const fields: Record<string, string> = folderId === null ? {} : { folder_id: String(folderId) };
      const answer = (await sendFile(`${ADMIN_API}/assets/upload`, file, fields, signal, onProgress)) as UploadAnswer;
      if ('asset' in answer) changed('assets', 'create', [answer.asset]);
      return { data: answer };
    },
    async moveAssets(_resource, { ids, folderId }) {
      const response = await http.post(`${ADMIN_API}/assets/move`, { ids, folder_id: folderId });
      changed('assets', 'update', []);
      return { data: unwrap<{ moved: number }>(response.data) };
    },
    async getAssetUses(_resource, { id }) {
      const response = await http.get(`${assetUrl(id)}/uses`);
      return { data: unwrap<AssetUse[]>(response.data) };
    },
    async replaceAsset(_resource, { id, file, signal, onProgress }) {
      const answer = await sendFile(`${assetUrl(id)}/replace`, file, {}, signal, onProgress);
      // The answer is the asset, or `{ asset }` as an upload's.
      const asset = typeof answer === 'object' && answer !== null && 'asset' in answer ? (answer as { asset: Asset }).asset : (answer as Asset);
      changed('assets', 'update', [asset]);
      return { data: asset };
    },
    async revertAssetFile(_resource, { id, previousData }) {
      const response = await http.request({ method: 'POST', url: `${assetUrl(id)}/revert-file`, headers: basedOn(previousData) });
      const asset = unwrap<Asset>(response.data);
      changed('assets', 'update', [asset]);
      return { data: asset };
    },
    async removeUsedAsset(_resource, { id, previousData }) {
      const response = await http.request({ method: 'DELETE', url: `${assetUrl(id)}?confirm=uses`, headers: basedOn(previousData) });
      const asset = unwrap<Asset>(response.data);
      changed('assets', 'delete', [asset]);
      return { data: asset };
    },
  };
}

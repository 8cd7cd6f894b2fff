import type { RaRecord } from 'react-admin';
import { unwrap } from './apiClient.js';
import { holdsAssetReference, sendsNewFiles, toFormData, toJsonBody, type UnknownRecord } from './bodies.js';
import type { HttpClient } from './httpClient.js';
import type { WrittenFields } from './resources.js';

/**
 * What a form may pass as the `meta` of a create or update: a callback told the upload's percent while a multipart
 * write goes up (large files such as investor documents), and null once the request has ended.
 */
export type UploadProgressMeta = {
  onUploadProgress?: (percent: number | null) => void;
};

function progressOf(meta: unknown): UploadProgressMeta['onUploadProgress'] {
  if (typeof meta !== 'object' || meta === null || !('onUploadProgress' in meta)) return undefined;
  const callback = (meta as UploadProgressMeta).onUploadProgress;
  return typeof callback === 'function' ? callback : undefined;
}

type Headers = Record<string, string>;

export interface Sender {
  /** A POST answering one record; a verb without a payload goes without a body and without a Content-Type. */
  post(url: string, body?: unknown, headers?: Headers): Promise<RaRecord>;
  /**
   * A write of a resource with files: multipart while it sends new files (reporting the upload's percent to the form
   * that asked for it); JSON when its files are all library assets (`{ "asset": id }`) or kept as they are.
   */
  write(config: WrittenFields, method: 'POST' | 'PUT', url: string, data: UnknownRecord, meta: unknown, headers?: Headers): Promise<RaRecord>;
}

export function createSender(http: HttpClient): Sender {
  const send = async (method: 'POST' | 'PUT', url: string, body: unknown, headers: Headers): Promise<RaRecord> =>
    unwrap<RaRecord>((await http.request({ method, url, body, headers })).data);

  const upload = async (method: 'POST' | 'PUT', url: string, form: FormData, meta: unknown, headers: Headers): Promise<RaRecord> => {
    const report = progressOf(meta);
    if (!report) return send(method, url, form, headers);
    report(0);
    try {
      const response = await http.request({
        method,
        url,
        body: form,
        headers,
        onUploadProgress: ({ loaded, total }) => {
          if (total) report(Math.min(100, Math.round((loaded * 100) / total)));
        },
      });
      return unwrap<RaRecord>(response.data);
    } finally {
      report(null);
    }
  };

  return {
    post: (url, body, headers = {}) => send('POST', url, body, headers),
    write: (config, method, url, data, meta, headers = {}) =>
      config.multipart && (sendsNewFiles(config, data) || !holdsAssetReference(config, data))
        ? upload(method, url, toFormData(config, data), meta, headers)
        : send(method, url, toJsonBody(config, data), headers),
  };
}

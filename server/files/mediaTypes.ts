/** The media type of every kind of file the server stores, by the extension it gave the key. */
const MEDIA_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
};

/** The media type for a key or a bare extension (`news/….jpg`, `pdf`); unknown ones are plain bytes. */
export function mediaTypeOf(keyOrExtension: string): string {
  const extension = keyOrExtension.slice(keyOrExtension.lastIndexOf('.') + 1).toLowerCase();
  return MEDIA_TYPES[extension] ?? 'application/octet-stream';
}

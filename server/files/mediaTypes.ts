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

const extensionOf = (keyOrExtension: string) => keyOrExtension.slice(keyOrExtension.lastIndexOf('.') + 1).toLowerCase();

/** The media type for a key or a bare extension (`news/….jpg`, `pdf`); unknown ones are plain bytes. */
export function mediaTypeOf(keyOrExtension: string): string {
  return MEDIA_TYPES[extensionOf(keyOrExtension)] ?? 'application/octet-stream';
}

/** Pictures the browser draws and nothing else: they need no sandbox. */
const RASTER_IMAGES = new Set(['jpg', 'png', 'gif', 'webp', 'avif']);
/** What the browser shows by itself when opened: pictures, SVG and PDF (in its viewer). The rest is downloaded. */
const SHOWN_INLINE = new Set([...RASTER_IMAGES, 'svg', 'pdf']);

/** An SVG may be opened directly: it is drawn with its own styles, and can never run a script. */
export const SVG_SANDBOX = "sandbox; default-src 'none'; style-src 'unsafe-inline'";
/**
 * Every other file that is not a plain picture: whatever its bytes could also be read as (a PDF that is HTML too),
 * it runs no script with the site's origin. `sandbox` alone, so that the browser's PDF viewer keeps its own styles.
 */
export const DOCUMENT_SANDBOX = 'sandbox';

/** `attachment` for what the browser would not show itself (office documents, EPS, archives); null for the rest. */
export function dispositionOf(key: string): 'attachment' | null {
  return SHOWN_INLINE.has(extensionOf(key)) ? null : 'attachment';
}

/**
 * The headers every uploaded file is served with, by its kind, whether it comes from the local folder or is
 * streamed from the bucket: `nosniff` always (the media type is the server's, never guessed from the bytes); a CSP
 * sandbox for anything but plain pictures; `Content-Disposition: attachment` for what is downloaded.
 */
export function servedHeadersOf(key: string): [string, string][] {
  const extension = extensionOf(key);
  const headers: [string, string][] = [['X-Content-Type-Options', 'nosniff']];
  if (extension === 'svg') headers.push(['Content-Security-Policy', SVG_SANDBOX]);
  else if (!RASTER_IMAGES.has(extension)) headers.push(['Content-Security-Policy', DOCUMENT_SANDBOX]);
  const disposition = dispositionOf(key);
  if (disposition) headers.push(['Content-Disposition', disposition]);
  return headers;
}

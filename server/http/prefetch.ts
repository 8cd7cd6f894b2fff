import type { IncomingHttpHeaders } from 'node:http';

/**
 * A request made ahead of a visit: the site's link prefetcher (`Purpose: prefetch`) or a browser's own prefetch or
 * prerender (`Sec-Purpose: prefetch`). It is answered like any other, but it is not a visit: it counts no view.
 */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose;
  return typeof purpose === 'string' && purpose.toLowerCase().includes('prefetch');
}

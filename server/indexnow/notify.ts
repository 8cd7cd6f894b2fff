import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { AppConfig } from '../config.js';
import { isVisibleAt, nowIso, visibilityChangesAfter } from '../content/visibility.js';
import { enqueue } from '../outbox/outbox.js';
import { encodedAddress } from '../redirects/paths.js';
import type { Db, Row } from '../resources/hooks.js';

/** The outbox's kind of the notices to IndexNow. */
export const INDEXNOW_KIND = 'indexnow';

/** One notice: the absolute addresses of the pages a write changed. */
export interface IndexNowNotice {
  urls: string[];
}

type Site = Pick<AppConfig, 'publicUrl' | 'indexNow'>;

/**
 * Tells search engines which public pages a write changed, inside the write's transaction (`before` is null for a
 * new or restored record, `after` null for a removed one). A page counts when visitors could see it before or can
 * see it now: publishing and updating send its address, unpublishing and removing send it too (the engine then
 * finds it gone), a new address sends the old one (now a redirect) and the new one, and a draft that stays a draft
 * sends nothing. A page that appears or leaves later by its dates (a scheduled item) is announced at that moment.
 * The addresses of one write go in one notice; nothing is kept while no IndexNow key is set.
 */
export async function noticePageChange(trx: Db, site: Site, resource: ResourceDescriptor, before: Row | null, after: Row | null): Promise<void> {
  const page = resource.public?.page;
  if (!site.indexNow || !page) return;
  const now = nowIso();
  const urlOf = (row: Row) => `${site.publicUrl}${encodedAddress(page.path(row))}`;
  const urls = new Set([before, after].flatMap((row) => (row && isVisibleAt(resource, row, now) ? [urlOf(row)] : [])));
  if (urls.size > 0) await enqueue(trx, INDEXNOW_KIND, { urls: [...urls] } satisfies IndexNowNotice);
  if (!after) return;
  for (const moment of visibilityChangesAfter(resource, after, now)) {
    await enqueue(trx, INDEXNOW_KIND, { urls: [urlOf(after)] } satisfies IndexNowNotice, new Date(), new Date(moment));
  }
}

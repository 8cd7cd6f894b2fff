import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { AppConfig } from '../config.js';
import { isVisibleAt, nowIso, visibilityChangesAfter } from '../content/visibility.js';
import { enqueue } from '../outbox/outbox.js';
import { encodedAddress } from '../redirects/paths.js';
import type { Db, Row } from '../resources/hooks.js';

/** The outbox's kind of the notices to IndexNow. */
export const INDEXNOW_KIND = 'indexnow';

/** One notice: the absolute address of a page a write changed (older notices may hold several). */
export interface IndexNowNotice {
  urls: string[];
}

/**
 * Keeps the notice of one address, due at once (`dueAt` null) or at a later moment. A notice of the address still
 * waiting absorbs it: one due already, or being retried, for a notice due at once; one due at the same moment for a
 * later one. However often a page is saved before the round, the engine hears of it once.
 */
async function noticeAddress(trx: Db, url: string, dueAt: Date | null): Promise<void> {
  const notice: IndexNowNotice = { urls: [url] };
  const now = new Date();
  const waiting = await trx
    .selectFrom('outbox')
    .select('id')
    .where('kind', '=', INDEXNOW_KIND)
    .where('sent_at', 'is', null)
    .where('payload', '=', JSON.stringify(notice))
    .where((eb) => (dueAt === null ? eb.or([eb('due_at', '<=', now.toISOString()), eb('attempts', '>', 0)]) : eb('due_at', '=', dueAt.toISOString())))
    .executeTakeFirst();
  if (!waiting) await enqueue(trx, INDEXNOW_KIND, notice, now, dueAt ?? now);
}

type Site = Pick<AppConfig, 'publicUrl' | 'indexNow'>;

/**
 * Tells search engines which public pages a write changed, inside the write's transaction (`before` is null for a
 * new or restored record, `after` null for a removed one). A page counts when visitors could see it before or can
 * see it now: publishing and updating send its address, unpublishing and removing send it too (the engine then
 * finds it gone), a new address sends the old one (now a redirect) and the new one, and a draft that stays a draft
 * sends nothing. A page that appears or leaves later by its dates (a scheduled item) is announced at that moment.
 * Each address is one notice, coalesced with one still waiting (`noticeAddress`); nothing is kept while no IndexNow
 * key is set.
 */
export async function noticePageChange(
  trx: Db,
  site: Site,
  resource: ResourceDescriptor,
  before: Row | null,
  after: Row | null,
  translated: TranslatedAddresses = NO_TRANSLATIONS,
): Promise<void> {
  const page = resource.public?.page;
  if (!site.indexNow || !page) return;
  const now = nowIso();
  const url = (path: string) => `${site.publicUrl}${encodedAddress(path)}`;
  // A record's page in every language it has a version in: visible in each when its own row is.
  const urlsOf = (row: Row, others: Iterable<string>) => [url(page.path(row)), ...[...others].map(url)];
  const urls = new Set([
    ...(before && isVisibleAt(resource, before, now) ? urlsOf(before, translated.before.values()) : []),
    ...(after && isVisibleAt(resource, after, now) ? urlsOf(after, translated.after.values()) : []),
  ]);
  for (const address of urls) await noticeAddress(trx, address, null);
  if (!after) return;
  for (const moment of visibilityChangesAfter(resource, after, now)) {
    for (const address of urlsOf(after, translated.after.values())) await noticeAddress(trx, address, new Date(moment));
  }
}

/** A record's addresses in the other languages (with their prefix), before a write and after it. */
export interface TranslatedAddresses {
  before: ReadonlyMap<string, string>;
  after: ReadonlyMap<string, string>;
}

const NO_TRANSLATIONS: TranslatedAddresses = { before: new Map(), after: new Map() };

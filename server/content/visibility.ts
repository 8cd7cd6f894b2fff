import { sql, type RawBuilder, type SqlBool } from 'kysely';

export const nowIso = (): string => new Date().toISOString();

/**
 * The public visibility rule for news, media articles, press items and videos: published, and `public_at`
 * has come. Scheduled items and drafts stay visible in the admin only.
 */
export function visibleNow(): RawBuilder<SqlBool> {
  return sql<SqlBool>`published = 1 and public_at <= ${nowIso()}`;
}

/** The same rule, except for the one record a preview link opened: it is shown even as a draft or scheduled. */
export function visibleNowOrPreviewed(previewedId: number | null): RawBuilder<SqlBool> {
  return previewedId === null ? visibleNow() : sql<SqlBool>`(id = ${previewedId} or (${visibleNow()}))`;
}

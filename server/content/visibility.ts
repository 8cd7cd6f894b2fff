import { sql, type RawBuilder, type SqlBool } from 'kysely';

export const nowIso = (): string => new Date().toISOString();

/**
 * The public visibility rule for news, media articles, press items and videos: published, and `public_at`
 * has come. Scheduled items and drafts stay visible in the admin only.
 */
export function visibleNow(): RawBuilder<SqlBool> {
  return sql<SqlBool>`published = 1 and public_at <= ${nowIso()}`;
}

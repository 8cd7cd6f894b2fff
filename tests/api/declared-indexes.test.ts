import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredIndexesOnStart } from '../../server/app.js';
import { declaredIndexName, syncDeclaredIndexes } from '../../server/db/declaredIndexes.js';
import { isPostgres } from '../../server/db/dialect.js';
import type { Db } from '../../server/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { testDialects } from '../helpers/databases.js';

async function indexNames(db: Db): Promise<string[]> {
  const { rows } = isPostgres(db)
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(db);
  return rows.map((row) => row.name).sort();
}

/** The indexes the lists' sorts and filters need follow the declarations: made at start, dropped when undeclared. */
describe.each(await testDialects())('declared indexes on %s', (dialect) => {
  let t: TestApp;
  const declaredOnStart = declaredIndexesOnStart();

  beforeAll(async () => {
    t = await createTestApp(dialect);
  }, 120_000);
  afterAll(() => t?.close());

  it('the database holds every declared index after a start, among them the news list by title, each filter with each order, the trash and the public news order', async () => {
    const names = await indexNames(t.app.db);
    for (const index of declaredOnStart) expect(names).toContain(declaredIndexName(index));
    expect(names).toContain('declared_news_title_id');
    expect(names).toContain('declared_news_published_title_id');
    expect(names).toContain('declared_news_published_id');
    expect(names).toContain('declared_media_other_source_id_public_at_id');
    expect(names).toContain('declared_trash_resource_removed_at_id');
    expect(names).toContain('declared_news_published_public_at_id_unpublish_at');
  });

  it('creates an index newly declared and drops one no longer declared, leaving other indexes alone', async () => {
    const before = await indexNames(t.app.db);
    const added = { table: 'news', columns: ['lead', 'id desc'] };
    const withAdded = await syncDeclaredIndexes(t.app.db, [...declaredOnStart, added]);
    expect(withAdded).toEqual({ created: ['declared_news_lead_id_desc'], dropped: [] });
    const withoutTitle = declaredOnStart.filter((index) => declaredIndexName(index) !== 'declared_news_title_id');
    const synced = await syncDeclaredIndexes(t.app.db, withoutTitle);
    expect(synced).toEqual({ created: [], dropped: expect.arrayContaining(['declared_news_lead_id_desc', 'declared_news_title_id']) as string[] });
    expect(synced.dropped).toHaveLength(2);
    const after = await indexNames(t.app.db);
    expect(after).toEqual(before.filter((name) => name !== 'declared_news_title_id'));
    await syncDeclaredIndexes(t.app.db, declaredOnStart);
    expect(await indexNames(t.app.db)).toEqual(before);
  });

  it('names an index too long for PostgreSQL by a hash of its columns, within 63 characters', () => {
    const name = declaredIndexName({ table: 'investor_documents', columns: ['published', 'document_type', 'year desc', 'position', 'id'] });
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^declared_investor_documents_[0-9a-f]{12}$/);
  });
});

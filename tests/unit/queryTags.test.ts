import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readsOf, writesOf } from '../../server/db/queryTags.js';
import type { Database } from '../../server/db/schema.js';

/** Builds queries without a database: only their operation trees are read. */
const db = new Kysely<Database>({
  dialect: {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new SqliteIntrospector(kysely),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  },
});

describe('what a query reads and writes, told from its operation tree', () => {
  it("reads a list told by its equalities, the columns its conditions and order name, and its joins' tables whole", () => {
    const query = db
      .selectFrom('photobank_photos as p')
      .innerJoin('photobank_categories as c', 'c.id', 'p.category_id')
      .select('p.id')
      .where('p.category_id', '=', 5)
      .where(sql<boolean>`published = 1`)
      .orderBy('p.position');
    const reads = readsOf(query.toOperationNode());
    expect(reads.pinned).toBeNull();
    expect([...reads.tables]).toEqual(['photobank_categories']);
    expect(reads.list?.table).toBe('photobank_photos');
    expect(reads.list?.filters).toEqual({ category_id: ['5'] });
    expect(reads.list?.columns).toEqual(expect.arrayContaining(['category_id', 'position', 'published']));
    expect(reads.list?.selected).toEqual(['id']);
    expect(readsOf(db.selectFrom('news').selectAll().where('published', '=', 1).toOperationNode()).list?.selected).toBeNull();
  });

  it('reads records pinned by id, and a table read again in a subquery as a whole', () => {
    expect(readsOf(db.selectFrom('news').selectAll().where('id', 'in', [1, 2]).toOperationNode()).pinned).toEqual({ table: 'news', ids: [1, 2] });
    const again = db
      .selectFrom('news')
      .select('id')
      .where('id', 'not in', db.selectFrom('news').select('id').where('published', '=', 0));
    const reads = readsOf(again.toOperationNode());
    expect(reads.list).toBeNull();
    expect([...reads.tables]).toContain('news');
  });

  it('writes by equalities the rows they allow, leaving out the columns the update sets', () => {
    const removal = writesOf(
      db.deleteFrom('translations').where('resource', '=', 'news').where('record_id', '=', 3).toOperationNode(),
      db.deleteFrom('translations').toOperationNode().from,
    );
    expect(removal.where).toEqual({ table: 'translations', filters: { resource: ['news'], record_id: ['3'] } });
    const update = db.updateTable('media_video').set({ fixed: 0 }).where('fixed', '=', 1).where('id', '>', 0).toOperationNode();
    expect(writesOf(update, update.table!).tables).toEqual(new Set(['media_video']));
  });

  it('writes by an upsert the rows of the key it conflicts on, and by id the records with their rows when it returns them all', () => {
    const upsert = db
      .insertInto('translations')
      .values({ resource: 'news', record_id: 3, locale: 'en', field_values: '{}', slug: null, translated: 1, updated_at: '' })
      .onConflict((conflict) => conflict.columns(['resource', 'record_id', 'locale']).doUpdateSet({ field_values: '{}', translated: 1 }))
      .toOperationNode();
    expect(writesOf(upsert, upsert.into!).where).toEqual({ table: 'translations', filters: { resource: ['news'], record_id: ['3'], locale: ['en'] } });
    const update = db.updateTable('news').set({ title: 'Т' }).where('id', '=', 7).returningAll().toOperationNode();
    expect(writesOf(update, update.table!)).toMatchObject({ records: { table: 'news', ids: [7] }, returnsRows: true });
  });
});

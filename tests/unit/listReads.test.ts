import { describe, expect, it } from 'vitest';
import { changesList, knownChanges, listApart, type ListRead, type RowChange } from '../../server/db/listReads.js';

/** The photos of category 1 in their order, the answer holding photos 10 and 11 with every column. */
const categoryOne: ListRead = { filters: { category_id: ['1'] }, columns: ['category_id', 'position', 'id'], selected: null, ids: new Set([10, 11]) };
const change = (id: number, before: Record<string, string> | null, after: Record<string, string> | null, long: string[] = []): RowChange => ({
  id,
  before,
  after,
  long,
});

describe("which of a table's lists a row's change may change", () => {
  it('ends the list a row is in when its shown values change, and keeps the lists it never was in', () => {
    expect(changesList(categoryOne, change(10, { category_id: '1', title: 'А' }, { category_id: '1', title: 'Б' }))).toBe(true);
    expect(changesList(categoryOne, change(20, { category_id: '2', title: 'А' }, { category_id: '2', title: 'Б' }))).toBe(false);
  });

  it('keeps a page of the list that does not hold the row when nothing its conditions or order name changed', () => {
    expect(changesList(categoryOne, change(12, { category_id: '1', title: 'А', position: '3' }, { category_id: '1', title: 'Б', position: '3' }))).toBe(false);
    expect(changesList(categoryOne, change(12, { category_id: '1', position: '3' }, { category_id: '1', position: '0' }))).toBe(true);
  });

  it('ends the lists a row leaves and enters, and those rows are added to or removed from', () => {
    const moved = change(20, { category_id: '2' }, { category_id: '1' });
    expect(changesList(categoryOne, moved)).toBe(true);
    expect(changesList({ ...categoryOne, filters: { category_id: ['2'] } }, moved)).toBe(true);
    expect(changesList(categoryOne, change(30, null, { category_id: '1' }))).toBe(true);
    expect(changesList(categoryOne, change(30, null, { category_id: '3' }))).toBe(false);
    expect(changesList(categoryOne, change(11, { category_id: '1' }, null))).toBe(true);
  });

  it('keeps a list that shows none of the columns that changed, such as the ids of a kept order', () => {
    const order: ListRead = { ...categoryOne, selected: ['id'] };
    expect(changesList(order, change(10, { category_id: '1', title: 'А', position: '1' }, { category_id: '1', title: 'Б', position: '1' }))).toBe(false);
    expect(changesList(order, change(10, { category_id: '1', position: '1' }, { category_id: '1', position: '2' }))).toBe(true);
  });

  it('takes a value too long to carry for one that changed and may meet the conditions', () => {
    expect(changesList(categoryOne, change(20, { title: 'А' }, { title: 'А' }, ['category_id']))).toBe(true);
  });

  it('ends a count of the rows its conditions allow whenever one of them changes', () => {
    const count: ListRead = { ...categoryOne, ids: null };
    expect(changesList(count, change(12, { category_id: '1', title: 'А' }, { category_id: '1', title: 'Б' }))).toBe(true);
  });

  it('knows the changes only when every record written has one', () => {
    const known = [change(1, null, {})];
    expect(knownChanges([1], known)).toBe(known);
    expect(knownChanges([1, 2], known)).toBeNull();
    expect(knownChanges([], known)).toBeNull();
    expect(knownChanges([1], undefined)).toBeNull();
  });

  it("tells a write by condition apart from the lists that allow none of its rows' values", () => {
    const englishNews: ListRead = { filters: { resource: ['news'], locale: ['en'], record_id: ['1', '2'] }, columns: [], selected: null, ids: null };
    expect(listApart(englishNews, { resource: ['photobank-photos'], record_id: ['1'], locale: ['en'] })).toBe(true);
    expect(listApart(englishNews, { resource: ['news'], record_id: ['3'], locale: ['en'] })).toBe(true);
    expect(listApart(englishNews, { resource: ['news'], record_id: ['2'], locale: ['en'] })).toBe(false);
    expect(listApart(englishNews, { slug: ['x'] })).toBe(false);
  });
});

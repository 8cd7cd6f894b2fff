import { describe, expect, it } from 'vitest';
import { vacancies } from '../../lib/resources/vacancies.js';
import { documentOf } from '../../server/search/documents.js';

const ROW = {
  id: 7,
  title: 'Инженер',
  slug: 'inzhener',
  city: 'Москва',
  description: '<p>Текст</p>',
  public_at: '2026-03-01T09:00:00.000Z',
  unpublish_at: null,
  published: 1,
  updated_at: '2026-04-01T09:00:00.000Z',
};

describe('the date a search result shows', () => {
  it('is public_at by default, the declared field where one is declared, and the last change for records without either', () => {
    expect(documentOf(vacancies, ROW).date).toBe('2026-03-01T09:00:00.000Z');
    const byUnpublish = { ...vacancies, search: { ...vacancies.search, date: 'unpublish_at' } };
    expect(documentOf(byUnpublish, { ...ROW, unpublish_at: '2026-06-01T09:00:00.000Z' }).date).toBe('2026-06-01T09:00:00.000Z');
    // A declared date left empty falls back to the last change, as for records without a date.
    expect(documentOf(byUnpublish, ROW).date).toBe('2026-04-01T09:00:00.000Z');
    // Visibility still follows public_at whatever the result shows.
    expect(documentOf(byUnpublish, ROW).public_at).toBe('2026-03-01T09:00:00.000Z');
  });
});

import { describe, expect, it } from 'vitest';
import { date, defineResource, pageAt, RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';

/** A minimal dated resource, which a test changes in one place. */
const base = {
  name: 'events',
  table: 'events',
  role: 'MANAGER',
  api: 'rest',
  fields: { title: { kind: 'text', max: 100 }, starts_at: date({ required: true }), public_at: date({ required: true }) },
  list: { sortable: [], searchable: [], filters: {}, defaultSort: ['id', 'ASC'], columns: ['title'] },
  menu: 'site',
} as const satisfies ResourceDescriptor;

const listed = (list: NonNullable<NonNullable<ResourceDescriptor['public']>['list']>): ResourceDescriptor => ({ ...base, public: { list } });

describe('a resource declaration', () => {
  it('is accepted as the registry declares it', () => {
    expect(RESOURCES.length).toBeGreaterThan(0);
    expect(defineResource(base).name).toBe('events');
  });

  it('is refused when a resource other than the specification’s verbs declares extra verbs', () => {
    expect(() => defineResource({ ...base, verbs: ['remove-img'] })).toThrow(
      "The resource events is declared wrongly: the extra verbs remove-img exist only for api 'verbs', not 'rest'.",
    );
    expect(() => defineResource({ ...base, api: 'update', verbs: ['fix', 'unfix'] })).toThrow(/the extra verbs fix, unfix exist only for api 'verbs'/);
    expect(defineResource({ ...base, api: 'verbs', verbs: ['remove-img'] }).verbs).toEqual(['remove-img']);
  });

  it('is refused when a list part compares a field that is no date, or a range has no bound or several', () => {
    const part = (where: unknown) => ({ name: 'now', where, order: [['starts_at', 'asc']] }) as never;
    const withParts = (where: unknown) => listed({ perPage: 10, filters: [], fields: ['title'], parts: { param: 'period', parts: [part(where)] } });
    expect(() => defineResource(withParts([{ field: 'title', from: 'now' }]))).toThrow(/the part now compares title, which is no declared date field/);
    expect(() => defineResource(withParts([{ field: 'starts_at' }]))).toThrow(/range of starts_at needs exactly one of from, after, before, until/);
    expect(() => defineResource(withParts([{ field: 'starts_at', from: 'now', until: 'now' }]))).toThrow(/needs exactly one of/);
    expect(() =>
      defineResource(
        withParts([
          { field: 'starts_at', until: 'now' },
          { field: 'public_at', after: 'now' },
        ]),
      ),
    ).not.toThrow();
  });

  it('is refused when its feed cannot date its items by public_at', () => {
    const feed = { path: '/events/rss.xml', name: { ru: 'События', en: 'Events' }, itemTitle: 'title' } as const;
    const page = { ...pageAt('/events/{slug}'), fields: ['title'] };
    const without = { ...base, public: { list: { perPage: 10, filters: [], fields: ['title'] }, page, feed } };
    expect(() => defineResource(without)).toThrow(/the feed dates its items by public_at, which the public list's fields leave out/);
    expect(() =>
      defineResource({ ...without, public: { ...without.public, list: { perPage: 10, filters: [], fields: ['title', 'public_at'] } } }),
    ).not.toThrow();
  });

  it('is refused when a demo record gives a date relative to now to a field that is no date, or counts part of a day', () => {
    expect(() => defineResource({ ...base, demo: { records: [{ title: { daysFromNow: 1 } }] } })).toThrow(
      /the demo value of title is relative to now, but title is no declared date field/,
    );
    expect(() => defineResource({ ...base, demo: { records: [{ starts_at: { daysFromNow: 1.5 } }] } })).toThrow(/counts 1.5 days: a whole number is needed/);
    expect(() => defineResource({ ...base, demo: { records: [{ title: 'Собрание', starts_at: { daysFromNow: -3, at: '10:00' } }] } })).not.toThrow();
  });
});

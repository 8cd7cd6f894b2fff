import { describe, expect, it } from 'vitest';
import { text } from '../../lib/resources/fields.js';
import { isVisibleAt, visibilityChangesAfter } from '../../server/content/visibility.js';

const NOW = '2026-05-10T12:00:00.000Z';
const EARLIER = '2026-05-01T00:00:00.000Z';
const LATER = '2026-05-20T00:00:00.000Z';
const LATEST = '2026-06-01T00:00:00.000Z';

/** A resource declaring the named fields (the rule reads only which fields are declared). */
const declaring = (...names: string[]) => ({ fields: Object.fromEntries(names.map((name) => [name, text(30)])) });
const dated = declaring('published', 'public_at');
const withEnd = declaring('published', 'public_at', 'unpublish_at');
const undated = declaring('title');

/** The one visibility rule over a row, for writes deciding whom to tell; reads apply it in SQL. */
describe('isVisibleAt', () => {
  it('shows a published row whose date has come, and nothing else', () => {
    expect(isVisibleAt(dated, { published: 1, public_at: EARLIER }, NOW)).toBe(true);
    expect(isVisibleAt(dated, { published: 1, public_at: NOW }, NOW)).toBe(true);
    expect(isVisibleAt(dated, { published: 0, public_at: EARLIER }, NOW)).toBe(false);
    expect(isVisibleAt(dated, { published: 1, public_at: LATER }, NOW)).toBe(false);
    expect(isVisibleAt(dated, { published: 1, public_at: null }, NOW)).toBe(false);
  });

  it('reads only the fields the resource declares: an end date hides the row once it has come', () => {
    expect(isVisibleAt(undated, { published: 0 }, NOW)).toBe(true);
    expect(isVisibleAt(withEnd, { published: 1, public_at: EARLIER, unpublish_at: null }, NOW)).toBe(true);
    expect(isVisibleAt(withEnd, { published: 1, public_at: EARLIER, unpublish_at: LATER }, NOW)).toBe(true);
    expect(isVisibleAt(withEnd, { published: 1, public_at: EARLIER, unpublish_at: NOW }, NOW)).toBe(false);
    expect(isVisibleAt(dated, { published: 1, public_at: EARLIER, unpublish_at: NOW }, NOW)).toBe(true);
  });
});

describe('visibilityChangesAfter', () => {
  it('names the moments a row appears or leaves without a write', () => {
    expect(visibilityChangesAfter(dated, { published: 1, public_at: LATER }, NOW)).toEqual([LATER]);
    expect(visibilityChangesAfter(dated, { published: 0, public_at: LATER }, NOW)).toEqual([]);
    expect(visibilityChangesAfter(dated, { published: 1, public_at: EARLIER }, NOW)).toEqual([]);
    expect(visibilityChangesAfter(withEnd, { published: 1, public_at: LATER, unpublish_at: LATEST }, NOW)).toEqual([LATER, LATEST]);
    expect(visibilityChangesAfter(withEnd, { published: 1, public_at: EARLIER, unpublish_at: LATER }, NOW)).toEqual([LATER]);
  });
});

import { describe, expect, it } from 'vitest';
import { ifRangeHolds } from '../../server/http/conditions.js';

/** `If-Range` with a date holds only when that date is a strong validator: at least a second before the answer. */
describe('If-Range with a date', () => {
  const lastModified = new Date('2026-12-06T12:00:00.900Z');
  const header = lastModified.toUTCString();
  const at = (moment: string) => Date.parse(moment);

  it('does not hold within the second the file changed in, and holds from the next second on', () => {
    expect(ifRangeHolds(header, { lastModified }, at('2026-12-06T12:00:00.950Z'))).toBe(false);
    expect(ifRangeHolds(header, { lastModified }, at('2026-12-06T12:00:00.999Z'))).toBe(false);
    expect(ifRangeHolds(header, { lastModified }, at('2026-12-06T12:00:01.000Z'))).toBe(true);
    expect(ifRangeHolds(header, { lastModified }, at('2026-12-07T12:00:00.000Z'))).toBe(true);
  });

  it('does not hold for another date, or a file dated after the answer', () => {
    expect(ifRangeHolds(new Date('2026-12-06T11:59:59Z').toUTCString(), { lastModified }, at('2026-12-07T00:00:00Z'))).toBe(false);
    expect(ifRangeHolds(header, { lastModified }, at('2026-12-06T11:00:00Z'))).toBe(false);
  });
});

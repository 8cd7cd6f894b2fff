import { describe, expect, it } from 'vitest';
import { sinceTime } from '../../admin/presence/sinceTime.js';

describe('since when another staff member has a record open', () => {
  const now = new Date(2026, 2, 2, 18, 30);

  it('is the time alone for today, in the staff member’s own time zone', () => {
    expect(sinceTime(new Date(2026, 2, 2, 14, 5).toISOString(), now)).toBe('14:05');
    expect(sinceTime(new Date(2026, 2, 2, 0, 0).toISOString(), now)).toBe('00:00');
  });

  it('names the day too when the record was opened on an earlier day', () => {
    expect(sinceTime(new Date(2026, 2, 1, 23, 59).toISOString(), now)).toBe('01.03, 23:59');
  });
});

import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, reversedRange, type Field } from '../../lib/resources/index.js';

const FIELDS: Record<string, Field> = {
  starts_at: { kind: 'date', required: true },
  ends_at: { kind: 'date', notBefore: 'starts_at' },
  public_at: { kind: 'date', required: true },
  unpublish_at: { kind: 'date', after: 'public_at' },
};
const START = '2026-05-01T10:00:00.000Z';

describe('periods: "not before" beside "after"', () => {
  it('notBefore allows the end at the start or later and refuses it before, with its own message', () => {
    expect(reversedRange(FIELDS, { starts_at: START, ends_at: START })).toBeNull();
    expect(reversedRange(FIELDS, { starts_at: START, ends_at: '2026-05-01T12:00:00.000Z' })).toBeNull();
    expect(reversedRange(FIELDS, { starts_at: START, ends_at: null })).toBeNull();
    expect(reversedRange(FIELDS, { starts_at: START, ends_at: '2026-05-01T09:59:00.000Z' })).toEqual({ field: 'ends_at', message: FIELD_MESSAGES.notBefore });
    expect(FIELD_MESSAGES.notBefore).toBe('Дата окончания не может быть раньше даты начала.');
  });

  it('after still refuses an end at the very start', () => {
    expect(reversedRange(FIELDS, { public_at: START, unpublish_at: START })).toEqual({ field: 'unpublish_at', message: FIELD_MESSAGES.notAfter });
    expect(reversedRange(FIELDS, { public_at: START, unpublish_at: '2026-05-02T10:00:00.000Z' })).toBeNull();
  });
});

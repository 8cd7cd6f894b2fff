import { describe, expect, it } from 'vitest';
import { formatRoubles } from '../../lib/format.js';
import { formatMoney, parseMoney } from '../../lib/money.js';

describe('money formatting', () => {
  it('groups digits in threes from the right with a space', () => {
    expect(formatMoney('1')).toBe('1');
    expect(formatMoney('123')).toBe('123');
    expect(formatMoney('1234')).toBe('1 234');
    expect(formatMoney('123456')).toBe('123 456');
    expect(formatMoney('1234567')).toBe('1 234 567');
    expect(formatMoney(1000000000)).toBe('1 000 000 000');
  });

  it('strips every non-digit first', () => {
    expect(formatMoney('1a2b3c4')).toBe('1 234');
    expect(formatMoney('12 345 ₽')).toBe('12 345');
    expect(formatMoney('-1,5')).toBe('15');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney('')).toBe('');
  });

  it('uses a plain space as the separator', () => {
    expect(formatMoney('1234567').split('')).toContain(' ');
    expect(formatMoney('1234567')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('adds the rouble sign and reads the number back', () => {
    expect(formatRoubles(15000)).toBe('15 000\u00a0₽');
    expect(formatRoubles('')).toBe('');
    expect(parseMoney('15 000 ₽')).toBe(15000);
    expect(parseMoney('—')).toBeNull();
  });
});

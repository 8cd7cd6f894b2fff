import { describe, expect, it } from 'vitest';
import { formatDate, formatDateShort, formatFileSize, formatMegabytes, formatMonths, formatRoubles, groupDigits, pluralRu } from '../../lib/format.js';

describe('formatting in Russian (dates, money, megabytes, plurals)', () => {
  it('dates are ru-RU', () => {
    expect(formatDate('2026-03-12T09:00:00Z')).toBe('12 марта 2026 г.');
    expect(formatDateShort('2026-03-12T09:00:00Z')).toBe('12.03.2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('money strips non-digits and groups digits in threes with a space, with ₽', () => {
    expect(groupDigits('1234567')).toBe('1 234 567');
    expect(groupDigits('12a3 4-5')).toBe('12 345');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1 000');
    expect(formatRoubles(1500000)).toBe('1 500 000\u00a0₽');
    expect(formatRoubles('')).toBe('');
  });

  it('bytes are MB with one decimal', () => {
    expect(formatMegabytes(1024 * 1024)).toBe('1,0\u00a0МБ');
    expect(formatMegabytes(1.25 * 1024 * 1024 + 1)).toBe('1,3\u00a0МБ');
    expect(formatMegabytes(150 * 1024)).toBe('0,1\u00a0МБ');
    expect(formatMegabytes(0)).toBe('0,0\u00a0МБ');
  });

  it('a file size is KB below a megabyte (never 0,0 MB), MB from there', () => {
    expect(formatFileSize(0)).toBe('0\u00a0КБ');
    expect(formatFileSize(300)).toBe('1\u00a0КБ');
    expect(formatFileSize(150 * 1024)).toBe('150\u00a0КБ');
    expect(formatFileSize(1024 * 1024 - 1)).toBe('1024\u00a0КБ');
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2,5\u00a0МБ');
  });

  it('the plural of месяц: 1 месяц, 2 месяца, 5 месяцев, 11 месяцев, 21 месяц', () => {
    expect(formatMonths(1)).toBe('1 месяц');
    expect(formatMonths(2)).toBe('2 месяца');
    expect(formatMonths(5)).toBe('5 месяцев');
    expect(formatMonths(11)).toBe('11 месяцев');
    expect(formatMonths(21)).toBe('21 месяц');
    expect(formatMonths(12)).toBe('12 месяцев');
    expect(formatMonths(24)).toBe('24 месяца');
    expect(formatMonths(111)).toBe('111 месяцев');
    expect(pluralRu(0, ['a', 'b', 'c'])).toBe('c');
  });
});

import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateEnglish,
  formatDateShort,
  formatFileSize,
  formatMegabytes,
  formatMonths,
  formatMoscowTime,
  formatRoubles,
  groupDigits,
  pluralRu,
} from '../../lib/format.js';

describe('formatting in Russian (dates, money, megabytes, plurals)', () => {
  it('dates are ru-RU', () => {
    expect(formatDate('2026-03-12T09:00:00Z')).toBe('12 марта 2026 г.');
    expect(formatDateShort('2026-03-12T09:00:00Z')).toBe('12.03.2026');
    expect(formatDate('not a date')).toBe('');
  });

  it('Moscow dates and times written by hand read as Intl writes them, before and after Moscow kept UTC+3', () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Moscow' });
    const long = intl('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
    const short = intl('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
    const english = intl('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const time = intl('ru-RU', { hour: '2-digit', minute: '2-digit' });
    // Every 17 h 13 min from 2010 to 2040: every month, hour and the changes of offset in 2011 and 2014.
    for (let at = Date.UTC(2010, 0, 1); at < Date.UTC(2040, 0, 1); at += (17 * 60 + 13) * 60 * 1000) {
      const date = new Date(at);
      expect(formatDate(date)).toBe(long.format(date));
      expect(formatDateShort(date)).toBe(short.format(date));
      expect(formatDateEnglish(date)).toBe(english.format(date));
      expect(formatMoscowTime(date)).toBe(time.format(date));
    }
    expect(formatDate('2014-10-25T21:59:59Z')).toBe('26 октября 2014 г.');
    expect(formatMoscowTime('2014-10-25T22:00:00Z')).toBe('01:00');
    expect(formatDateEnglish('not a date')).toBe('');
    expect(formatMoscowTime('not a date')).toBe('');
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

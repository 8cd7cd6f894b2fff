import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine, utcMoment } from '../../server/site/icalendar.js';

describe('iCalendar files (RFC 5545)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets of UTF-8, never inside a character, continuing with a space', () => {
    const line = `SUMMARY:${'Годовое собрание акционеров '.repeat(5)}`;
    const folded = foldLine(line);
    expect(folded.length).toBeGreaterThan(1);
    for (const part of folded) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of folded.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:line')).toEqual(['SHORT:line']);
    // Exactly 75 octets stay on one line; 76 do not.
    expect(foldLine('x'.repeat(75))).toHaveLength(1);
    expect(foldLine('x'.repeat(76))).toEqual(['x'.repeat(75), ' x']);
  });

  it('writes moments in UTC', () => {
    expect(utcMoment('2027-06-24T11:00:00+03:00')).toBe('20270624T080000Z');
  });

  it('writes a calendar with CRLF lines, its events, and optional properties only when set', () => {
    const file = calendarFile({
      product: '-//Компания//Календарь//RU',
      name: 'Календарь инвестора',
      stamp: new Date('2026-11-28T10:00:00Z'),
      events: [
        {
          uid: 'e-1@example.com',
          start: '2027-06-24T08:00:00.000Z',
          end: '2027-06-24T11:00:00.000Z',
          summary: 'Собрание',
          location: 'Москва, ул. Примерная, 1',
        },
        { uid: 'e-2@example.com', start: '2027-07-08T21:00:00.000Z', summary: 'Дивиденды', url: 'https://example.com/investoram/kalendar/dividendy' },
      ],
    });
    expect(file.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(file.replaceAll('\r\n', '')).not.toContain('\n');
    const lines = file.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Компания//Календарь//RU',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Календарь инвестора',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTAMP:20261128T100000Z');
    expect(lines).toContain('DTEND:20270624T110000Z');
    expect(lines).toContain('LOCATION:Москва\\, ул. Примерная\\, 1');
    expect(lines).toContain('URL:https://example.com/investoram/kalendar/dividendy');
    // The second event has no end, place or description.
    const second = lines.slice(lines.lastIndexOf('BEGIN:VEVENT'));
    expect(second.some((line) => line.startsWith('DTEND') || line.startsWith('LOCATION') || line.startsWith('DESCRIPTION'))).toBe(false);
  });
});

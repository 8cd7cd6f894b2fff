import { withoutControlCharacters } from '../../lib/ids.js';
/** One event of an iCalendar file; moments are ISO 8601 texts, `end` may be absent. */
export interface CalendarEvent {
  /** Globally unique and stable: the same event keeps it in every download, so calendar apps update it. */
  uid: string;
  start: string;
  end?: string | null;
  summary: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
}

export interface CalendarFile {
  /** The product that made the file (`PRODID`). */
  product: string;
  /** The calendar's name as calendar apps show it. */
  name: string;
  events: readonly CalendarEvent[];
  /** When the file was made (`DTSTAMP` of every event). */
  stamp: Date;
}

/** The longest line in octets, its line break not counted; longer ones go on in lines that start with a space. */
const LINE_OCTETS = 75;

/** A TEXT value: control characters left out (whatever was stored), backslashes, semicolons and commas escaped, line breaks as `\n`. */
export function escapeText(value: string): string {
  return withoutControlCharacters(value)
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
}

/**
 * A content line folded into lines of at most 75 octets of UTF-8, each one after the first starting with a space
 * (which counts in its 75), never cutting a character in two.
 */
export function foldLine(line: string): string[] {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = Buffer.byteLength(character);
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines;
}

/** A moment in UTC as iCalendar writes it: `20260415T070000Z`. */
export function utcMoment(value: string | Date): string {
  return new Date(value)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function eventLines(event: CalendarEvent, stamp: string): string[] {
  const optional = (name: string, value: string | null | undefined) => (value ? [`${name}:${escapeText(value)}`] : []);
  return [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcMoment(event.start)}`,
    ...(event.end ? [`DTEND:${utcMoment(event.end)}`] : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...optional('DESCRIPTION', event.description),
    ...optional('LOCATION', event.location),
    // A URI value is not TEXT: it is written as it is.
    ...(event.url ? [`URL:${event.url}`] : []),
    'END:VEVENT',
  ];
}

/** An iCalendar (RFC 5545) file of the events: CRLF line breaks, folded lines, escaped texts, moments in UTC. */
export function calendarFile(file: CalendarFile): string {
  const stamp = utcMoment(file.stamp);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeText(file.product)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(file.name)}`,
    ...file.events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.flatMap(foldLine).join('\r\n')}\r\n`;
}

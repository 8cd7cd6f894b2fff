/** Formatting of the site's numbers and dates in Russian (ru-RU dates, ₽, MB with one decimal). Pure functions, same result on server and client. */

/**
 * A date formatter made on its first use: making one loads the locale's and the time zone's data, work a page that
 * shows no date (and the first moments of every page in the browser) need not do.
 */
function lazyDateFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Europe/Moscow' }));
}

const RU_DATE = lazyDateFormat('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
const RU_DATE_SHORT = lazyDateFormat('ru-RU', { day: '2-digit', month: '2-digit', year: 'numeric' });
const EN_DATE = lazyDateFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const RU_TIME = lazyDateFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });

/**
 * Moscow has kept UTC+3 all year since 26 October 2014, 02:00 local time. From then on the site writes Moscow dates
 * itself: the browser's first Intl date format costs a phone tens of milliseconds (the locale's and the time zone's
 * data), spent in the middle of the page's hydration for the dates it shows. Earlier moments (summer time, UTC+4)
 * are left to Intl, which knows their rules.
 */
const MOSCOW_FIXED_OFFSET_SINCE = Date.UTC(2014, 9, 25, 22);
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;

interface MoscowTime {
  year: number;
  /** 0–11, as `Date` counts. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The moment on Moscow's wall clock, or null before Moscow's current offset (Intl then formats it). */
function moscowTime(date: Date): MoscowTime | null {
  if (date.getTime() < MOSCOW_FIXED_OFFSET_SINCE) return null;
  const wall = new Date(date.getTime() + MOSCOW_OFFSET_MS);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth(), day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
}

const RU_MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const twoDigits = (value: number): string => String(value).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `12 марта 2026 г.` — a long ru-RU date in Moscow time; an invalid date gives an empty string. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const moscow = moscowTime(date);
  return moscow ? `${moscow.day} ${RU_MONTHS[moscow.month]} ${moscow.year} г.` : RU_DATE().format(date);
}

/** `12.03.2026` — the dd.mm.yyyy form of the date inputs. */
export function formatDateShort(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const moscow = moscowTime(date);
  return moscow ? `${twoDigits(moscow.day)}.${twoDigits(moscow.month + 1)}.${moscow.year}` : RU_DATE_SHORT().format(date);
}

/** `12 March 2026` — a long British English date in Moscow time; an invalid date gives an empty string. */
export function formatDateEnglish(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const moscow = moscowTime(date);
  return moscow ? `${moscow.day} ${EN_MONTHS[moscow.month]} ${moscow.year}` : EN_DATE().format(date);
}

/** `09:30` — the time of day in Moscow; an invalid date gives an empty string. */
export function formatMoscowTime(value: string | Date): string {
  const date = toDate(value);
  if (!date) return '';
  const moscow = moscowTime(date);
  return moscow ? `${twoDigits(moscow.hour)}:${twoDigits(moscow.minute)}` : RU_TIME().format(date);
}

/** The `YYYY-MM-DD` machine form for `<time datetime>`. */
export function isoDate(value: string | Date): string {
  const date = toDate(value);
  return date ? date.toISOString() : '';
}

/** Strips everything but digits and groups them in threes with a space: `1234567` → `1 234 567`. */
export function groupDigits(value: string | number): string {
  const digits = String(value)
    .replace(/\D/g, '')
    .replace(/^0+(?=\d)/, '');
  // Cut from the left so that only the first group may be short; a pattern looking ahead to the end from every digit
  // would take time growing with the square of the length.
  const groups = [digits.slice(0, digits.length % 3 || 3)];
  for (let at = groups[0]?.length ?? 0; at < digits.length; at += 3) groups.push(digits.slice(at, at + 3));
  return groups.join(' ');
}

/**
 * The text without the repeats of one character at its end (`trimEndOf('a--', '-')` → `a`). A pattern such as `-+$`
 * would retry from every character of a long run that something else follows, in time growing with its square.
 */
export function trimEndOf(text: string, character: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === character) end--;
  return text.slice(0, end);
}

/** Money in roubles: digits grouped in threes, then a no-break space and ₽: `1 234 567 ₽`. */
export function formatRoubles(value: string | number): string {
  const grouped = groupDigits(value);
  return grouped === '' ? '' : `${grouped}\u00a0₽`;
}

/** Bytes as megabytes with one decimal and a Russian decimal comma: `1,5 МБ`. */
export function formatMegabytes(bytes: number): string {
  const mb = Math.max(0, bytes) / (1024 * 1024);
  return `${mb.toFixed(1).replace('.', ',')}\u00a0МБ`;
}

/** A file's size as the admin shows it: kilobytes below a megabyte (`12 КБ`, never `0,0 МБ`), else `1,5 МБ`. */
export function formatFileSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.ceil(Math.max(0, bytes) / 1024)}\u00a0КБ` : formatMegabytes(bytes);
}

/** Russian plural form for a whole number: forms are for 1, for 2–4, and for 5–20 (e.g. месяц, месяца, месяцев). */
export function pluralRu(count: number, forms: readonly [one: string, few: string, many: string]): string {
  const n = Math.abs(Math.trunc(count));
  const lastTwo = n % 100;
  const last = n % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

export const MONTH_FORMS = ['месяц', 'месяца', 'месяцев'] as const;

/** `1 месяц`, `2 месяца`, `5 месяцев`, `11 месяцев`, `21 месяц`. */
export function formatMonths(count: number): string {
  return `${count} ${pluralRu(count, MONTH_FORMS)}`;
}

/** Formatting of the site's numbers and dates in Russian (ru-RU dates, ₽, MB with one decimal). Pure functions, same result on server and client. */

/**
 * A date formatter made on its first use: making one loads the locale's and the time zone's data, work a page that
 * shows no date (and the first moments of every page in the browser) need not do.
 */
function lazyDateFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | null = null;
  return () => (format ??= new Intl.DateTimeFormat('ru-RU', { ...options, timeZone: 'Europe/Moscow' }));
}

const RU_DATE = lazyDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });
const RU_DATE_SHORT = lazyDateFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });

function toDate(value: string | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `12 марта 2026 г.` — a long ru-RU date in Moscow time; an invalid date gives an empty string. */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? RU_DATE().format(date) : '';
}

/** `12.03.2026` — the dd.mm.yyyy form of the date inputs. */
export function formatDateShort(value: string | Date): string {
  const date = toDate(value);
  return date ? RU_DATE_SHORT().format(date) : '';
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

import { ENQUIRY_STATUSES } from '../../lib/resources/enquiries.js';

/** An enquiry as the list reads it, with its consent text's version. */
export interface EnquiryRow {
  id: number;
  created_at: string;
  status: string;
  topic_title: string;
  name: string;
  email: string;
  phone: string;
  message: string;
  note: string;
  consent_version: number | null;
  consent_at: string;
  ip: string;
}

const STATUS_NAMES: Readonly<Record<string, string>> = Object.fromEntries(ENQUIRY_STATUSES.map((status) => [status.id, status.name]));

const moscowTime = (iso: string) => new Date(iso).toLocaleString('ru-RU', { timeZone: 'Europe/Moscow' });

/** The columns of the export, with their Russian headers. */
const COLUMNS: readonly [string, (row: EnquiryRow) => string][] = [
  ['№', (row) => String(row.id)],
  ['Получено (МСК)', (row) => moscowTime(row.created_at)],
  ['Статус', (row) => STATUS_NAMES[row.status] ?? row.status],
  ['Тема', (row) => row.topic_title],
  ['Имя', (row) => row.name],
  ['Электронная почта', (row) => row.email],
  ['Телефон', (row) => row.phone],
  ['Сообщение', (row) => row.message],
  ['Заметка', (row) => row.note],
  ['Версия согласия', (row) => (row.consent_version === null ? '' : String(row.consent_version))],
  ['Согласие дано (МСК)', (row) => moscowTime(row.consent_at)],
  ['IP-адрес', (row) => row.ip],
];

/**
 * One cell: quoted when it holds the separator, a quote or a line break; a text a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`) is prefixed with an apostrophe, so a visitor's message cannot become one.
 */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The enquiries as CSV for Excel: UTF-8 with a byte order mark (without it Excel reads Cyrillic as another code page),
 * `;` between cells as Excel expects in the Russian locale, lines ending in CRLF.
 */
export function enquiriesCsv(rows: readonly EnquiryRow[]): string {
  const lines = [COLUMNS.map(([header]) => cell(header)), ...rows.map((row) => COLUMNS.map(([, read]) => cell(read(row))))];
  return `\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`;
}

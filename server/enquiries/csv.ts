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

/** What starts a formula in a spreadsheet's cell: `=`, `+`, `-`, `@`, and tab or carriage return before them. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r']);
/** What a spreadsheet may split a line into cells on, whichever separator it assumes (`;`, `,`, tab), and line breaks. */
const SPLITS = new Set([';', ',', '\t', '\r', '\n']);
/** What may stand before a formula inside a cell and be dropped by the spreadsheet: spaces and quotes. */
const PADDING = new Set([' ', '"']);

/**
 * A text no spreadsheet runs as a formula however it splits the line: every place a cell could start (the text's
 * start, and after each `;`, `,`, tab or line break) that then starts a formula, past spaces and quotes, gets an
 * apostrophe in front of it. `a,=cmd` becomes `a,'=cmd`: split on commas, the second cell is text too.
 */
function withoutFormulas(value: string): string {
  let safe = '';
  let cellStart = true;
  for (const character of value) {
    if (cellStart && FORMULA_STARTS.has(character)) safe += "'";
    safe += character;
    if (SPLITS.has(character)) cellStart = true;
    else if (!PADDING.has(character)) cellStart = false;
  }
  return safe;
}

/** One cell: always quoted (so a separator inside it never splits it where the file is read with `;`), formulas neutralised. */
const cell = (value: string): string => `"${withoutFormulas(value).replaceAll('"', '""')}"`;

/**
 * The enquiries as CSV for Excel: UTF-8 with a byte order mark (without it Excel reads Cyrillic as another code page),
 * `;` between cells as Excel expects in the Russian locale, lines ending in CRLF.
 */
export function enquiriesCsv(rows: readonly EnquiryRow[]): string {
  const lines = [COLUMNS.map(([header]) => cell(header)), ...rows.map((row) => COLUMNS.map(([, read]) => cell(read(row))))];
  return `\uFEFF${lines.map((line) => line.join(';')).join('\r\n')}\r\n`;
}

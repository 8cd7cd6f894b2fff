import { CONTROL_CHARACTERS } from '../ids.js';

/**
 * The kinds of field a content resource declares. The server builds its validation from them, the admin its
 * inputs' validators, so a limit is written once and both sides refuse the same input.
 */

export type Role = 'USER' | 'MANAGER';

/** File formats an upload field may accept; the server checks the content (magic bytes), not only the name. */
export type FileFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'svg' | 'pdf' | 'eps' | 'docx' | 'xlsx' | 'zip';

export const FILE_FORMAT_LABELS: Readonly<Record<FileFormat, string>> = {
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  svg: 'SVG',
  pdf: 'PDF',
  eps: 'EPS',
  docx: 'DOCX',
  xlsx: 'XLSX',
  zip: 'ZIP',
};

/** What a file field says about the formats it takes: the server's refusal and the picker's reason for a disabled file. */
export const acceptedFormatsText = (formats: readonly FileFormat[]): string =>
  `Это поле принимает файлы ${formats.map((format) => FILE_FORMAT_LABELS[format]).join(', ')}.`;

export const MB = 1024 * 1024;

interface Required {
  /** Must be sent on add (update takes any subset of fields). */
  required?: boolean;
}

/**
 * Text visitors read in the site's language: with English switched on, the record may have an English value of
 * it (a title, a lead, the content, SEO texts, an alt text, a menu item's name, an English slug). Every other field
 * (references, files, dates, flags, order, choices, codes) is shared by both languages and set once.
 */
interface Localizable {
  localized?: boolean;
}

export interface TextField extends Required, Localizable {
  kind: 'text';
  max: number;
  multiline?: boolean;
  /** `identifier`: lower-case Latin letters, digits and single hyphens; `icon`: the same without the hyphen rule. */
  pattern?: 'identifier' | 'icon';
  /** Another record may not have the same value: 409 with this message. */
  unique?: string;
  /** Russian typography on save (quotes, dashes, non-breaking spaces): for prose visitors read, never for names or codes. */
  typography?: boolean;
}

/** An address part made from another field (Cyrillic transliterated) when left empty; unique in its table. */
export interface SlugField extends Localizable {
  kind: 'slug';
  max: number;
  from: string;
}

/** Rich HTML from the editor; sanitised on save, within the sanitiser's nesting limit and time budget; reads serve it as stored. */
export interface HtmlField extends Required, Localizable {
  kind: 'html';
  /** Russian typography on save, on the text only: never inside code, addresses, e-mails or attribute values. */
  typography?: boolean;
}

export interface UrlField extends Required {
  kind: 'url';
  max: number;
  /** Hosts the address must be on (`www.` included when listed); any http(s) host when absent. */
  hosts?: readonly string[];
  /** `true`: a path on the site (`/news`) is accepted as well as an http(s) address; `'only'`: only a path on the site. */
  sitePath?: boolean | 'only';
}

export interface FlagField {
  kind: 'flag';
  default: 0 | 1;
}

/** A date and time, stored as ISO 8601 UTC text. */
export interface DateField extends Required {
  kind: 'date';
  /**
   * The end of a period whose start is this other date field: strictly after it when both are set, else «Дата окончания
   * должна быть позже даты начала.» (`FIELD_MESSAGES.notAfter`), on the server and in the admin's form alike. For a
   * withdrawal (`unpublish_at` after `public_at`) as for any plain end date (an offer's end after its start).
   */
  after?: string;
  /**
   * The end of a period that may end the moment it starts (an event's end, its start): never before it when both are
   * set, else «Дата окончания не может быть раньше даты начала.» (`FIELD_MESSAGES.notBefore`).
   */
  notBefore?: string;
}

export interface IntegerField extends Required {
  kind: 'integer';
  min: number;
  max: number;
  /** The upper end of a range whose lower end is this other integer field (salary to, from): never below it. */
  notBelow?: string;
}

export interface ChoiceField extends Required {
  kind: 'choice';
  /** The stored keys and the labels shown to people. */
  choices: readonly { id: string; name: string }[];
  /** An empty value means none (null). */
  nullable?: boolean;
}

/** The id of a record of another resource, checked to exist. */
export interface ReferenceField extends Required {
  kind: 'reference';
  resource: string;
  /** The message when the record does not exist. */
  missing: string;
}

/** An image re-encoded with its variants (SVG kept sanitised); `alt` names the text field of its alt text. */
export interface ImageField extends Required {
  kind: 'image';
  formats: readonly FileFormat[];
  maxBytes: number;
  alt?: string;
  /**
   * Has the `remove-img/{id}` verb (with `'remove-img'` among the resource's verbs, `api: 'verbs'` only). A plain REST
   * resource needs no flag: its `PUT` removes an optional image sent as `null`.
   */
  removable?: boolean;
  /** The message when a required image is not sent. */
  missing?: string;
}

/**
 * Files kept as uploaded (after their content is checked). One file (`maxFiles` 1) is kept in the field's column
 * with its original name, size and format; several are kept by the resource's own rows (a logo's files).
 */
export interface FilesField extends Required {
  kind: 'files';
  formats: readonly FileFormat[];
  maxBytes: number;
  maxFiles: number;
  /** The message when a required file is not sent. */
  missing?: string;
}

export type Field =
  TextField | SlugField | HtmlField | UrlField | FlagField | DateField | IntegerField | ChoiceField | ReferenceField | ImageField | FilesField;

export type UploadField = ImageField | FilesField;

export const isUpload = (field: Field): field is UploadField => field.kind === 'image' || field.kind === 'files';

/** An upload kept in the record's own column: a picture, or a single file (several files are a resource's own rows). */
export const isColumnUpload = (field: Field): field is UploadField => field.kind === 'image' || (field.kind === 'files' && field.maxFiles === 1);

/** The longest rich HTML a record may hold. */
export const HTML_MAX = 2_000_000;

/** The fields declared with `typography: true`: typeset on save, and in the admin's form when the editor leaves them. */
export const typographyFields = (fields: Readonly<Record<string, Field>>): string[] =>
  Object.entries(fields)
    .filter(([, field]) => (field.kind === 'text' || field.kind === 'html') && field.typography === true)
    .map(([name]) => name);

// Shorthands for descriptors.
export const text = (max: number, options: Omit<TextField, 'kind' | 'max'> = {}): TextField => ({ kind: 'text', max, ...options });
export const requiredText = (max: number, options: Omit<TextField, 'kind' | 'max' | 'required'> = {}): TextField => text(max, { ...options, required: true });
export const html = (options: Omit<HtmlField, 'kind'> = {}): HtmlField => ({ kind: 'html', ...options });
export const flag = (value: 0 | 1): FlagField => ({ kind: 'flag', default: value });
/** A date field; `required: true` stays in its type, so visitors' records type a required date as always present. */
export const date = <const Options extends Omit<DateField, 'kind'> = Record<never, never>>(options: Options = {} as Options): { kind: 'date' } & Options => ({
  kind: 'date',
  ...options,
});

/** The hosts of the video services whose players the site embeds. */
export const VIDEO_HOSTS = [
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
  'rutube.ru',
  'www.rutube.ru',
] as const;

/** Raster pictures of articles and photos, re-encoded with WebP and AVIF variants. */
export const PICTURE = { formats: ['jpeg', 'png', 'webp', 'gif'], maxBytes: 10 * MB } as const;

/** Whether a text is an absolute http(s) address (on one of `hosts` when given). */
export function isWebUrl(value: string, hosts?: readonly string[]): boolean {
  if (CONTROL_CHARACTERS.test(value)) return false;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return !hosts || hosts.includes(url.hostname.toLowerCase());
  } catch {
    return false;
  }
}

/**
 * A path on this site. Browsers read `//host` and `/\host` (a backslash counts as a slash) as another site, and
 * drop tabs and line breaks inside addresses, so a path starts with one slash followed by neither.
 */
export const isSitePath = (value: string): boolean => /^\/(?![/\\])/.test(value) && !value.includes('\\') && !CONTROL_CHARACTERS.test(value);

/** What is wrong with the address a url field holds, or undefined when nothing is (an empty one included). */
export function urlProblem(field: UrlField, value: string): string | undefined {
  if (value === '') return undefined;
  if (field.sitePath === 'only') return isSitePath(value) ? undefined : FIELD_MESSAGES.sitePath;
  if (isWebUrl(value, field.hosts) || (field.sitePath === true && isSitePath(value))) return undefined;
  return field.hosts ? FIELD_MESSAGES.urlHosts(field.hosts) : field.sitePath ? FIELD_MESSAGES.siteLink : FIELD_MESSAGES.url;
}

export const IDENTIFIER_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ICON_PATTERN = /^[a-z0-9-]*$/;

/** The Russian messages of the shared rules, shown by the server and by the admin alike. */
export const FIELD_MESSAGES = {
  required: 'Заполните поле.',
  tooLong: (max: number) => `Не длиннее ${max} символов.`,
  identifier: 'Только строчные латинские буквы, цифры и дефисы.',
  icon: 'Имя значка: строчные латинские буквы, цифры и дефисы.',
  url: 'Ожидается адрес, начинающийся с http:// или https://.',
  urlHosts: (hosts: readonly string[]) => `Ожидается адрес на ${hosts.filter((host) => !host.startsWith('www.') && !host.startsWith('m.')).join(', ')}.`,
  siteLink: 'Ожидается путь вида /news или адрес http(s)://.',
  sitePath: 'Ожидается путь на сайте вида /news/staraya-novost.',
  integerRange: (min: number, max: number) => `Ожидается целое число от ${min} до ${max}.`,
  notBelow: 'Верхняя граница не может быть меньше нижней.',
  notAfter: 'Дата окончания должна быть позже даты начала.',
  notBefore: 'Дата окончания не может быть раньше даты начала.',
  /** A required file or picture not sent, or sent empty to remove it (unless the field names its own message). */
  fileMissing: 'Выберите файл.',
} as const;

/** A number a record holds, or null for none (an empty form value included). */
const numberOf = (value: unknown): number | null => (value === null || value === undefined || value === '' ? null : Number(value));

/** What is wrong with a range's upper end given its lower end, both set, or undefined when nothing is. */
function rangeProblem(upper: unknown, lower: unknown): string | undefined {
  const [high, low] = [numberOf(upper), numberOf(lower)];
  return high !== null && low !== null && high < low ? FIELD_MESSAGES.notBelow : undefined;
}

/** A moment a record holds, as epoch milliseconds, or null for none (an empty or unfinished form value included). */
const momentOf = (value: unknown): number | null => {
  const time = typeof value === 'string' && value !== '' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? null : time;
};

/**
 * What is wrong with a period's end given its start, both set, or undefined when nothing is: the end comes strictly
 * after the start, or with `mayEqual` at the same moment or after.
 */
function periodProblem(end: unknown, start: unknown, mayEqual: boolean): string | undefined {
  const [last, first] = [momentOf(end), momentOf(start)];
  if (last === null || first === null) return undefined;
  if (mayEqual) return last < first ? FIELD_MESSAGES.notBefore : undefined;
  return last <= first ? FIELD_MESSAGES.notAfter : undefined;
}

/** What is wrong with a field's value against the other field its range or period starts at, or undefined. */
export function orderProblem(field: Field, value: unknown, record: Readonly<Record<string, unknown>>): string | undefined {
  if (field.kind === 'integer' && field.notBelow) return rangeProblem(value, record[field.notBelow]);
  if (field.kind === 'date' && field.after) return periodProblem(value, record[field.after], false);
  if (field.kind === 'date' && field.notBefore) return periodProblem(value, record[field.notBefore], true);
  return undefined;
}

/** The first range or period of a record whose end lies before its start: the field and the message. */
export function reversedRange(fields: Readonly<Record<string, Field>>, record: Readonly<Record<string, unknown>>): { field: string; message: string } | null {
  for (const [name, field] of Object.entries(fields)) {
    const message = orderProblem(field, record[name], record);
    if (message) return { field: name, message };
  }
  return null;
}

/** The names of every choice field's keys, which a page shows instead of the stored key (`full` → «Полная занятость»). */
export function choiceNames(fields: Readonly<Record<string, Field>>): Record<string, Record<string, string>> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) =>
      field.kind === 'choice' ? [[name, Object.fromEntries(field.choices.map((choice) => [choice.id, choice.name]))]] : [],
    ),
  );
}

import type { Validator } from 'react-admin';
import {
  FIELD_MESSAGES,
  FILE_FORMAT_LABELS,
  HTML_MAX,
  ICON_PATTERN,
  IDENTIFIER_PATTERN,
  MB,
  orderProblem,
  resourceNamed,
  urlProblem,
  type Field,
  type FileFormat,
  type ResourceName,
  type UploadField,
} from '@lib/resources/index.js';

/**
 * The admin's validators of a declared field: the same limits and messages as the server's checks of that field
 * (values trimmed, an empty optional value meaning none), so a form refuses what the server would refuse before
 * anything is sent. File checks look at the name and size of a newly chosen file; the server checks its content.
 */

type Message = string | { message: string; args: Record<string, string | number> };
/** One rule of a field: its value, and the whole form's values for rules across fields. */
type Check = (value: unknown, values: Readonly<Record<string, unknown>>) => Message | undefined;

/** i18n keys of the file checks (the server's own messages name the same limits). */
export const FILE_MESSAGE_KEYS = {
  missing: 'app.validation.file_missing',
  format: 'app.validation.file_format',
  size: 'app.validation.file_size',
  count: 'app.validation.file_count',
} as const;

const trimmed = (value: unknown): string => (value === null || value === undefined ? '' : String(value).trim());

const isEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length === 0 : trimmed(value) === '');

const requiredCheck =
  (message: string): Check =>
  (value) =>
    isEmpty(value) ? message : undefined;

const maxCheck =
  (max: number, trim: boolean): Check =>
  (value) =>
    (trim ? trimmed(value) : typeof value === 'string' ? value : '').length > max ? FIELD_MESSAGES.tooLong(max) : undefined;

/** A pattern an entered value must match; an empty value is left to the required rule. */
const patternCheck =
  (pattern: RegExp, message: string): Check =>
  (value) => {
    const text = trimmed(value);
    return text !== '' && !pattern.test(text) ? message : undefined;
  };

const WHOLE_NUMBER = /^\s*-?\d{1,15}\s*$/;

const integerCheck =
  (min: number, max: number): Check =>
  (value) => {
    if (isEmpty(value)) return undefined;
    const number = typeof value === 'number' ? value : WHOLE_NUMBER.test(String(value)) ? Number(value) : Number.NaN;
    return Number.isInteger(number) && number >= min && number <= max ? undefined : FIELD_MESSAGES.integerRange(min, max);
  };

function urlChecks(field: Extract<Field, { kind: 'url' }>): Check[] {
  return [maxCheck(field.max, true), (value) => urlProblem(field, trimmed(value))];
}

/** The media type and the names a file of each format has (what the file picker offers). */
const FILE_TYPES: Readonly<Record<FileFormat, { mime: string; extensions: readonly string[] }>> = {
  jpeg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  gif: { mime: 'image/gif', extensions: ['gif'] },
  svg: { mime: 'image/svg+xml', extensions: ['svg'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
  eps: { mime: 'application/postscript', extensions: ['eps'] },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extensions: ['docx'] },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extensions: ['xlsx'] },
  zip: { mime: 'application/zip', extensions: ['zip'] },
};

/** The files newly chosen in a file input (react-admin keeps them as `rawFile`); stored files are not checked. */
function newFiles(value: unknown): File[] {
  const entries = Array.isArray(value) ? value : [value];
  return entries.flatMap((entry) => {
    const raw: unknown = typeof entry === 'object' && entry !== null && 'rawFile' in entry ? entry.rawFile : entry;
    return typeof File !== 'undefined' && raw instanceof File ? [raw] : [];
  });
}

function uploadChecks(field: UploadField): Check[] {
  const extensions = field.formats.flatMap((format) => FILE_TYPES[format].extensions);
  const formats = field.formats.map((format) => FILE_FORMAT_LABELS[format]).join(', ');
  const maxFiles = field.kind === 'files' ? field.maxFiles : 1;
  return [
    (value): Message | undefined => {
      const files = newFiles(value);
      if (files.some((file) => !extensions.includes(file.name.split('.').pop()?.toLowerCase() ?? ''))) {
        return { message: FILE_MESSAGE_KEYS.format, args: { formats } };
      }
      if (files.some((file) => file.size > field.maxBytes)) return { message: FILE_MESSAGE_KEYS.size, args: { size: field.maxBytes / MB } };
      return files.length > maxFiles ? { message: FILE_MESSAGE_KEYS.count, args: { count: maxFiles } } : undefined;
    },
  ];
}

/** The checks of one field besides "required". */
function limitChecks(field: Field): Check[] {
  switch (field.kind) {
    case 'text':
      return [
        maxCheck(field.max, true),
        ...(field.pattern === 'identifier' ? [patternCheck(IDENTIFIER_PATTERN, FIELD_MESSAGES.identifier)] : []),
        ...(field.pattern === 'icon' ? [patternCheck(ICON_PATTERN, FIELD_MESSAGES.icon)] : []),
      ];
    case 'slug':
      return [maxCheck(field.max, true), patternCheck(IDENTIFIER_PATTERN, FIELD_MESSAGES.identifier)];
    case 'html':
      return [maxCheck(HTML_MAX, false)];
    case 'url':
      return urlChecks(field);
    case 'integer':
      return [integerCheck(field.min, field.max), (value, values) => orderProblem(field, value, values)];
    case 'date':
      return [(value, values) => orderProblem(field, value, values)];
    case 'image':
    case 'files':
      return uploadChecks(field);
    default:
      return [];
  }
}

/** The message of a missing required value: upload fields may declare their own. */
function requiredMessage(field: Field): string | null {
  if (!('required' in field) || field.required !== true) return null;
  if (field.kind === 'image' || field.kind === 'files') return field.missing ?? FILE_MESSAGE_KEYS.missing;
  return FIELD_MESSAGES.required;
}

/** A react-admin validator of the checks, the first failing one's message winning. */
function validatorOf(checks: readonly Check[], required: boolean): Validator {
  const validator: Validator & { isRequired?: boolean } = (value: unknown, values: Readonly<Record<string, unknown>> = {}) => {
    for (const check of checks) {
      const message = check(value, values);
      if (message) return message;
    }
    return undefined;
  };
  // react-admin marks inputs whose validator says so as required (the asterisk).
  validator.isRequired = required;
  return validator;
}

/** The validators of a declared field. */
export function validatorsOf(field: Field): Validator[] {
  const missing = requiredMessage(field);
  return [validatorOf([...(missing ? [requiredCheck(missing)] : []), ...limitChecks(field)], missing !== null)];
}

function fieldOf(resource: ResourceName, name: string): Field {
  const field = resourceNamed(resource).fields[name];
  if (!field) throw new Error(`${resource} declares no field ${name}`);
  return field;
}

/** The validators of a resource's field, as its descriptor declares it. */
export const rules = (resource: ResourceName, name: string): Validator[] => validatorsOf(fieldOf(resource, name));

/** What the file picker of an upload field offers: its formats' media types and names. */
export function acceptOf(resource: ResourceName, name: string): Record<string, string[]> {
  const field = fieldOf(resource, name);
  if (field.kind !== 'image' && field.kind !== 'files') throw new Error(`${resource}.${name} is not an upload field`);
  return Object.fromEntries(field.formats.map((format) => [FILE_TYPES[format].mime, FILE_TYPES[format].extensions.map((extension) => `.${extension}`)]));
}

import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { FILE_FORMAT_LABELS, isUpload, MB, type FileFormat, type ResourceDescriptor } from '../../lib/resources/index.js';
import type { StoredImage } from '../../lib/types.js';
import { ImageTooLargeError, MAX_INPUT_PIXELS, openImage, storeImage, withImageSlot } from '../files/images.js';
import type { FileStore } from '../files/store.js';
import { HttpError } from '../http/errors.js';
import { OutOfTimeError, runContentJob, budgetOf, type WorkBudget } from '../content/workerPool.js';
import { FORM_MESSAGE } from '../http/validation.js';

/**
 * The one upload validator of every admin upload route. A file is accepted only when the field expects its
 * kind, its extension names that kind, and its content (magic bytes; for SVG, the markup) is that kind too.
 * Every part is read into memory, within the field's size limit, and an SVG sanitised, before the route touches
 * the database or the disk. The client's file name serves only to read the extension: stored names are chosen
 * by `FileStore`.
 */

/** The formats of lib/resources, as the upload validator knows them. */
export type FileKind = FileFormat;

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  svg: 'svg',
  pdf: 'pdf',
  eps: 'eps',
  docx: 'docx',
  xlsx: 'xlsx',
  zip: 'zip',
};

/** The format a file name's extension names (`JPG` → `jpeg`), or undefined for one no upload takes. */
export const formatOfExtension = (extension: string): FileKind | undefined => KIND_OF_EXTENSION[extension.toLowerCase()];

/** What file-type answers for each kind we accept (`svg` is text: checked by its markup instead). */
const KIND_OF_DETECTED: Record<string, FileKind> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  pdf: 'pdf',
  eps: 'eps',
  ps: 'eps',
  docx: 'docx',
  xlsx: 'xlsx',
  zip: 'zip',
};

export interface FileRule {
  kinds: readonly FileKind[];
  maxBytes: number;
  maxFiles: number;
}

export interface UploadedFile {
  field: string;
  kind: FileKind;
  /** The bytes to store: as uploaded, an SVG already sanitised. */
  data: Buffer;
  /** The client's file name without folders or control characters, kept only to offer the download under it. */
  name: string;
}

export interface UploadForm {
  /** Text fields; a field sent twice keeps its last value. */
  fields: Record<string, string>;
  files: UploadedFile[];
}

/** The busboy limits of the admin scope: past the largest per-field limit of any resource, so that ours answer first. */
export function multipartLimits(resources: readonly ResourceDescriptor[]) {
  const largest = Math.max(
    ...resources.flatMap((resource) =>
      Object.values(resource.fields)
        .filter(isUpload)
        .map((field) => field.maxBytes),
    ),
  );
  return { fileSize: largest + 1, files: 20, fields: 60, fieldSize: 2 * MB, parts: 100, headerPairs: 200 };
}

const formatMb = (bytes: number) => `${Math.round(bytes / MB)} МБ`;
const fieldError = (status: number, field: string, text: string) => new HttpError(status, FORM_MESSAGE, { [field]: [text] });

/** The extension of a client file name, whatever directories (`../../x.png`, `C:\x.png`) it pretends to have. */
function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** A client file name as a download may offer it: the last path segment, printable, at most 200 characters. */
function baseName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cf}"]/gu, '').trim();
  return base.slice(-200) || 'file';
}

const mismatch = (field: string, filename: string) => fieldError(415, field, `Содержимое файла не соответствует расширению .${extensionOf(filename)}.`);

/**
 * The bytes to keep of an upload whose content is of the kind its extension names (its first bytes; for SVG, its
 * markup, checked and sanitised in a content worker within the request's budget); else a 415.
 */
async function checkedContent(budget: WorkBudget, field: string, filename: string, kind: FileKind, data: Buffer): Promise<Buffer> {
  if (kind === 'svg') return cleanSvg(budget, field, filename, data);
  const detected = await fileTypeFromBuffer(data);
  if (detected === undefined || KIND_OF_DETECTED[detected.ext] !== kind) throw mismatch(field, filename);
  return data;
}

async function readFilePart(budget: WorkBudget, part: MultipartFile, rule: FileRule): Promise<UploadedFile> {
  const field = part.fieldname;
  const kind = KIND_OF_EXTENSION[extensionOf(part.filename)];
  if (!kind || !rule.kinds.includes(kind)) {
    part.file.resume();
    throw fieldError(415, field, `Допустимые форматы: ${rule.kinds.map((k) => FILE_FORMAT_LABELS[k]).join(', ')}.`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rule.maxBytes) {
      part.file.resume();
      throw fieldError(413, field, `Файл больше допустимых ${formatMb(rule.maxBytes)}.`);
    }
    chunks.push(chunk);
  }
  if (part.file.truncated) throw fieldError(413, field, `Файл больше допустимых ${formatMb(rule.maxBytes)}.`);
  const data = await checkedContent(budget, field, part.filename, kind, Buffer.concat(chunks));
  return { field, kind, data, name: baseName(part.filename) };
}

/**
 * An uploaded SVG sanitised. Content that is not SVG markup is refused with 415 as for any other kind; markup that
 * is no single `<svg>`, nests too deep or is too slow to check is refused with 415 too, as content that cannot be
 * taken as the image it claims to be.
 */
async function cleanSvg(budget: WorkBudget, field: string, filename: string, data: Buffer): Promise<Buffer> {
  let outcome;
  try {
    outcome = await runContentJob(budget, { kind: 'svg', data });
  } catch (error) {
    if (error instanceof OutOfTimeError) throw fieldError(415, field, error.message);
    throw error;
  }
  if ('refused' in outcome) throw fieldError(415, field, outcome.refused);
  if ('notSvg' in outcome) throw mismatch(field, filename);
  return Buffer.from(outcome.value, 'utf8');
}

/**
 * Reads a whole multipart form: text fields and the files `rules` allow, each checked. Throws 415 for a request
 * that is not multipart, a format the field does not take or content that disagrees with the extension; 413 for
 * a file or field over its limit; 400 for a file in a field that takes none, or too many files.
 */
export async function readUploadForm(
  request: FastifyRequest,
  rules: Readonly<Record<string, FileRule>>,
  { namesRefusedFile = false }: { namesRefusedFile?: boolean } = {},
): Promise<UploadForm> {
  if (!request.isMultipart()) throw new HttpError(415, 'Ожидается форма multipart/form-data.');
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        const value = part as MultipartValue;
        if (value.valueTruncated) throw fieldError(413, value.fieldname, 'Слишком длинное значение.');
        if (typeof value.value === 'string') fields[value.fieldname] = value.value;
        continue;
      }
      const rule = Object.hasOwn(rules, part.fieldname) ? rules[part.fieldname] : undefined;
      // A form's empty file input arrives as a part without a name or bytes: nothing was chosen.
      if (part.filename === '' && rule) {
        await part.toBuffer();
        continue;
      }
      if (!rule) {
        part.file.resume();
        throw fieldError(400, part.fieldname, 'Это поле не принимает файлы.');
      }
      if (files.filter((file) => file.field === part.fieldname).length >= rule.maxFiles) {
        part.file.resume();
        throw fieldError(400, part.fieldname, `Не больше ${rule.maxFiles} файлов.`);
      }
      files.push(
        await readFilePart(budgetOf(request), part, rule).catch((error: unknown) => {
          throw namesRefusedFile && error instanceof HttpError ? refusalOf(error, part.filename) : error;
        }),
      );
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new HttpError(413, 'Слишком большой запрос или файл.');
    request.log.info({ err: error }, 'malformed multipart form');
    throw new HttpError(400, 'Некорректная форма.');
  }
  return { fields, files };
}

/**
 * A refused file's error whose message names the file (`«отчёт.exe»: Допустимые форматы: …`), for uploads that send
 * one file per request and show each refusal beside its file.
 */
export function refusalOf(error: HttpError, filename: string): HttpError {
  const reason = Object.values(error.errors ?? {})[0]?.[0] ?? error.message;
  return new HttpError(error.statusCode, `«${baseName(filename)}»: ${reason}`, error.errors, error.details);
}

/** 413 for a canvas over the pixel limit, 415 for anything else sharp cannot read. */
function imageError(error: unknown, field: string): HttpError {
  if (error instanceof ImageTooLargeError) {
    const megapixels = Math.round((error.width * error.height) / 1_000_000);
    return fieldError(
      413,
      field,
      `Изображение слишком большое: ${error.width} × ${error.height} пикселей (${megapixels} Мп), допустимо до ${MAX_INPUT_PIXELS / 1_000_000} Мп.`,
    );
  }
  return fieldError(415, field, 'Не удалось прочитать изображение.');
}

/**
 * Stores a raster image re-encoded with its WebP and AVIF variants; a canvas over the pixel limit is a 413,
 * content sharp cannot decode a 415.
 */
export async function storeUploadedImage(store: FileStore, folder: string, file: UploadedFile): Promise<StoredImage> {
  if (file.kind === 'svg') return storeSvgAsImage(store, folder, file);
  try {
    return await storeImage(store, folder, file.data);
  } catch (error) {
    throw imageError(error, file.field);
  }
}

/** An SVG kept as an image column (sanitised when read), no variants, its size read from the markup when it states one. */
async function storeSvgAsImage(store: FileStore, folder: string, file: UploadedFile): Promise<StoredImage> {
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(file.data).metadata();
    width = meta.width;
    height = meta.height;
  } catch {
    // An SVG without a size of its own (no width, height or viewBox) keeps 0 × 0.
  }
  const key = store.newKey(folder, 'svg');
  await store.write(key, file.data);
  return { src: key, width, height, variants: [] };
}

export interface StoredFile {
  key: string;
  format: string;
  size: number;
}

/**
 * Stores a file offered for download as it is meant to be used: SVG sanitised (when read), PNG re-encoded as PNG
 * (dropping anything hidden in it), PDF and EPS as uploaded (their content was checked to be PDF or EPS).
 */
export async function storeDownloadFile(store: FileStore, folder: string, file: UploadedFile): Promise<StoredFile> {
  let data = file.data;
  if (file.kind === 'png' || file.kind === 'jpeg') {
    try {
      data = await withImageSlot(async () => {
        const { image } = await openImage(file.data);
        return (file.kind === 'png' ? image.png() : image.jpeg({ quality: 92 })).toBuffer();
      });
    } catch (error) {
      throw imageError(error, file.field);
    }
  }
  const format = file.kind === 'jpeg' ? 'jpg' : file.kind;
  const key = store.newKey(folder, format);
  await store.write(key, data);
  return { key, format, size: data.length };
}

/** The size in bytes of a stored file. */
export async function storedSize(store: FileStore, key: string): Promise<number> {
  const size = await store.size(key);
  if (size === null) throw new Error(`Stored file missing: ${key}`);
  return size;
}

import { z } from 'zod';
import { idFromText } from '../../../lib/ids.js';
import { photobankLogos } from '../../../lib/resources/photobank.js';
import { presentLogoItems } from '../../records/records.js';
import { storedSize } from '../../records/upload.js';
import { mainKeyOf } from '../../assets/files.js';
import { pickedAsset, prepareUpload, settleUpload } from '../../assets/library.js';
import { forgetUses } from '../../assets/uses.js';
import type { PhotobankLogoItemsTable } from '../../db/schema.js';
import { imageFiles } from '../../files/images.js';
import { formError } from '../../http/validation.js';
import type { Db, ResourceHooks, Row, Values } from '../hooks.js';

type Kind = 'logo' | 'photo';

/** A category the item may go into: its group holds items of this kind. */
async function checkCategoryKind(db: Db, categoryId: unknown, kind: Kind): Promise<void> {
  if (categoryId === undefined || categoryId === null) return;
  const category = await db
    .selectFrom('photobank_categories as c')
    .innerJoin('photobank_groups as g', 'g.id', 'c.group_id')
    .select('g.kind')
    .where('c.id', '=', Number(categoryId))
    .executeTakeFirst();
  if (category && category.kind !== kind) throw formError({ category_id: [kind === 'logo' ? 'Это категория фотографий.' : 'Это категория логотипов.'] });
}

/** The files a category's logo items and photos point to, removed once the category is gone. */
async function filesOfCategory(db: Db, categoryId: number): Promise<string[]> {
  const [logoFiles, previews, photos] = await Promise.all([
    db
      .selectFrom('photobank_logo_files as f')
      .innerJoin('photobank_logo_items as i', 'i.id', 'f.item_id')
      .select('f.file')
      .where('i.category_id', '=', categoryId)
      .execute(),
    db.selectFrom('photobank_logo_items').select('preview').where('category_id', '=', categoryId).execute(),
    db.selectFrom('photobank_photos').select('image').where('category_id', '=', categoryId).execute(),
  ]);
  return [
    ...logoFiles.map((row) => row.file),
    ...previews.flatMap((row) => (row.preview ? [row.preview] : [])),
    ...photos.flatMap((row) => imageFiles(row.image)),
  ];
}

export const photobankCategoryHooks: ResourceHooks = {
  // A category moves only to a group of the same kind: its items are logos or photos for good.
  check: async (db, values, current) => {
    if (!current || values.group_id === undefined) return;
    const groups = await db
      .selectFrom('photobank_groups')
      .select(['id', 'kind'])
      .where('id', 'in', [Number(values.group_id), Number(current.group_id)])
      .execute();
    if (new Set(groups.map((group) => group.kind)).size > 1) throw formError({ group_id: ['Категорию можно перенести только в группу того же вида.'] });
  },
  filesOf: (trx, row) => filesOfCategory(trx, row.id),
  // Its logo items and photos go with it: they use no library asset any more.
  beforeRemove: async (trx, row) => {
    const [logos, photos] = await Promise.all([
      trx.selectFrom('photobank_logo_items').select('id').where('category_id', '=', row.id).execute(),
      trx.selectFrom('photobank_photos').select('id').where('category_id', '=', row.id).execute(),
    ]);
    for (const logo of logos) await forgetUses(trx, 'photobank-logos', logo.id);
    for (const photo of photos) await forgetUses(trx, 'photobank-photos', photo.id);
  },
};

export const photobankPhotoHooks: ResourceHooks = {
  check: (db, values) => checkCategoryKind(db, values.category_id, 'photo'),
  // The photo's download size is the stored original's (an upload's, or a library picture's).
  columns: async ({ request, values }) => {
    if (typeof values.image !== 'string') return {};
    const image = JSON.parse(values.image) as { src: string };
    return { size: await storedSize(request.server.files, image.src) };
  },
};

// ---------------------------------------------------------------- logos and colours

const HEX = /^#?(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `n, n, n` (or `n n n`) with each part in 0…max; normalised to `n, n, n`. */
const numberList = (count: number, max: number, example: string) =>
  z
    .string()
    .trim()
    .max(60)
    .transform((value, context) => {
      if (value === '') return '';
      const parts = value.split(/[\s,;]+/).map((part) => part.replace(/%$/, ''));
      if (parts.length !== count || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= max)) {
        context.addIssue({ code: 'custom', message: `Ожидается ${count} числа от 0 до ${max}, например ${example}.` });
        return z.NEVER;
      }
      return parts.map(Number).join(', ');
    });

/** Ids of records as a JSON array (`[3,5]`) or comma-separated (`3,5`); empty is none. */
const idList = (message: string) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      const list =
        value === ''
          ? []
          : value
              .replace(/^\[|\]$/g, '')
              .split(',')
              .map((part) => part.trim());
      if (!list.every((part) => idFromText(part) !== null)) {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return list.map(Number);
    });

const logoFieldSchemas = {
  hex: z
    .string()
    .trim()
    .refine((value) => value === '' || HEX.test(value), 'Ожидается цвет вида #0B5CAD.')
    .transform((value) => (value === '' ? '' : `#${value.replace('#', '').toUpperCase()}`)),
  rgb: numberList(3, 255, '11, 92, 173'),
  cmyk: numberList(4, 100, '94, 47, 0, 32'),
  pantone: z
    .string()
    .trim()
    .max(60)
    .refine((value) => value === '' || /^[\p{L}\d][\p{L}\d .-]*$/u.test(value), 'Ожидается название по Pantone, например 2945 C.'),
  /** On update: the ids of the files to keep (JSON array or comma-separated); absent keeps every file. */
  keep_file_ids: idList('Ожидается список номеров файлов.'),
  /** Library assets added as files, beside the uploaded ones (ids, as `keep_file_ids`). */
  file_assets: idList('Ожидается список номеров файлов медиатеки.'),
};

const COLOUR_COLUMNS = ['hex', 'rgb', 'cmyk', 'pantone'] as const;

async function logoFiles(db: Db, itemId: number) {
  return db.selectFrom('photobank_logo_files').selectAll().where('item_id', '=', itemId).orderBy('position').orderBy('id').execute();
}

/** The files an item keeps on update: those `keep_file_ids` names, or all; a colour keeps none. */
async function keptFiles(db: Db, values: Values, current: Row | null, type: string) {
  if (!current || type === 'colour') return [];
  const old = await logoFiles(db, current.id);
  const keep = values.keep_file_ids as number[] | undefined;
  return keep ? old.filter((file) => keep.includes(file.id)) : old;
}

const assetIdsOf = (values: Values): number[] => (values.file_assets as number[] | undefined) ?? [];

/** The library assets a write adds as files, each checked to exist and to be a format a logo takes. */
const pickedFiles = (db: Db, values: Values) =>
  Promise.all([...new Set(assetIdsOf(values))].map((id) => pickedAsset(db, 'files', photobankLogos.fields.files, id)));

const typeOf = (values: Values, current: Row | null) => String(values.type ?? current?.type ?? 'logo') as PhotobankLogoItemsTable['type'];

export const photobankLogoHooks: ResourceHooks = {
  fieldSchemas: logoFieldSchemas,
  present: (db, rows) => presentLogoItems(db, rows as never),
  check: async (db, values, current, uploads) => {
    await checkCategoryKind(db, values.category_id, 'logo');
    const type = typeOf(values, current);
    const picked = await pickedFiles(db, values);
    if (type === 'colour' && uploads.length + picked.length) throw formError({ files: ['У цвета не бывает файлов.'] });
    if (type === 'colour' && !(values.hex ?? current?.hex)) throw formError({ hex: ['Заполните поле.'] });
    if (type === 'logo' && (await keptFiles(db, values, current, type)).length + uploads.length + picked.length === 0) {
      throw formError({ files: ['Добавьте хотя бы один файл: SVG, PNG, PDF или EPS.'] });
    }
  },
  // A colour has no files; a logo has no colour values. The preview is the first PNG, else the first SVG.
  columns: async ({ values, current }) => {
    const type = typeOf(values, current);
    return { type, ...Object.fromEntries(COLOUR_COLUMNS.map((column) => [column, type === 'colour' ? (values[column] ?? current?.[column] ?? '') : ''])) };
  },
  afterWrite: async ({ request, trx, files, values, uploads, current }, row) => {
    const type = typeOf(values, current);
    const kept = await keptFiles(trx, values, current, type);
    const old = current ? await logoFiles(trx, current.id) : [];
    const added = [];
    // Each file is a library asset: one picked there, or an upload (the same bytes uploaded before are that asset's
    // file, not stored again).
    const assets = await pickedFiles(trx, values);
    for (const upload of uploads) {
      const prepared = await prepareUpload(trx, request.server.files, files, upload, 'photobank/logos', 'download');
      assets.push(await settleUpload(trx, prepared, request.user?.id ?? null));
    }
    for (const asset of assets) {
      const key = mainKeyOf(asset.file);
      added.push({ key, format: key.slice(key.lastIndexOf('.') + 1), size: asset.size });
    }
    const dropped = old.filter((file) => !kept.some((keptFile) => keptFile.id === file.id));
    if (dropped.length)
      await trx
        .deleteFrom('photobank_logo_files')
        .where(
          'id',
          'in',
          dropped.map((file) => file.id),
        )
        .execute();
    for (const [index, file] of kept.entries()) {
      if (file.position !== index) await trx.updateTable('photobank_logo_files').set({ position: index }).where('id', '=', file.id).execute();
    }
    for (const [index, file] of added.entries()) {
      await trx
        .insertInto('photobank_logo_files')
        .values({ item_id: row.id, format: file.format, file: file.key, size: file.size, position: kept.length + index })
        .execute();
    }
    const all = [...kept.map((file) => ({ file: file.file, format: file.format })), ...added.map((file) => ({ file: file.key, format: file.format }))];
    const preview = (all.find((file) => file.format === 'png') ?? all.find((file) => file.format === 'svg'))?.file ?? null;
    await trx.updateTable('photobank_logo_items').set({ preview }).where('id', '=', row.id).execute();
    row.preview = preview;
    const stillUsed = new Set(all.map((file) => file.file));
    files.replaced(dropped.map((file) => file.file).filter((key) => !stillUsed.has(key)));
  },
  filesOf: async (trx, row) => [...(await logoFiles(trx, row.id)).map((file) => file.file), ...(row.preview ? [String(row.preview)] : [])],
  assetKeys: async (trx, row) => ({ files: (await logoFiles(trx, row.id)).map((file) => file.file) }),
};

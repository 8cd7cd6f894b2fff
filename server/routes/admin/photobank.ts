import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable, Transaction } from 'kysely';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.js';
import { withFileChanges, type FileChanges } from '../../admin/fileChanges.js';
import { parseId, registerAdminReads, type ListSpec } from '../../admin/listQuery.js';
import { closeGap, moveInList, nextPosition, type OrderedList } from '../../admin/ordering.js';
import { presentLogoItems, presentPhoto } from '../../admin/records.js';
import { LOGO_FILES, RASTER_IMAGE, readUploadForm, storeDownloadFile, storedSize, storeUploadedImage, type StoredFile } from '../../admin/upload.js';
import { optionalId, requiredText, text } from '../../admin/validate.js';
import { formError, parseForm } from '../../http/validation.js';
import type { Database, PhotobankCategoriesTable } from '../../db/schema.js';
import { imageFiles } from '../../files/images.js';
import { notFound } from '../../http/errors.js';

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
type IdParams = { Params: { id: string } };
type Kind = 'logo' | 'photo';

const LOGO_FOLDER = 'photobank/logos';
const PHOTO_FOLDER = 'photobank/photos';

// ---------------------------------------------------------------- reads

const GROUPS_LIST: ListSpec<'photobank_groups'> = {
  resource: 'photobank-groups',
  table: 'photobank_groups',
  sortable: ['kind', 'title', 'position'],
  searchable: ['title'],
  filters: { kind: 'text' },
  defaultSort: ['position', 'ASC'],
};
const CATEGORIES_LIST: ListSpec<'photobank_categories'> = {
  resource: 'photobank-categories',
  table: 'photobank_categories',
  sortable: ['group_id', 'title', 'position'],
  searchable: ['title'],
  filters: { group_id: 'int' },
  defaultSort: ['position', 'ASC'],
};
const LOGOS_LIST: ListSpec<'photobank_logo_items'> = {
  resource: 'photobank-logos',
  table: 'photobank_logo_items',
  sortable: ['category_id', 'type', 'title', 'position'],
  searchable: ['title'],
  filters: { category_id: 'int', type: 'text' },
  defaultSort: ['position', 'ASC'],
};
const PHOTOS_LIST: ListSpec<'photobank_photos'> = {
  resource: 'photobank-photos',
  table: 'photobank_photos',
  sortable: ['category_id', 'title', 'size', 'position'],
  searchable: ['title'],
  filters: { category_id: 'int' },
  defaultSort: ['position', 'ASC'],
};

// ---------------------------------------------------------------- shared by the three kinds of record

const inGroup = (groupId: number): OrderedList => ({ table: 'photobank_categories', column: 'position', scope: { column: 'group_id', value: groupId }, first: 0 });
const inCategory = (table: 'photobank_logo_items' | 'photobank_photos', categoryId: number): OrderedList => ({
  table,
  column: 'position',
  scope: { column: 'category_id', value: categoryId },
  first: 0,
});

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

async function filesOfLogoItem(db: Db, itemId: number): Promise<string[]> {
  const [files, item] = await Promise.all([
    db.selectFrom('photobank_logo_files').select('file').where('item_id', '=', itemId).execute(),
    db.selectFrom('photobank_logo_items').select('preview').where('id', '=', itemId).executeTakeFirst(),
  ]);
  return [...files.map((row) => row.file), ...(item?.preview ? [item.preview] : [])];
}

/**
 * What the verbs `remove/{id}`, `move-up/{id}` and `move-down/{id}` need to know of one kind of record: the same
 * implementation serves categories, logo items and photos.
 */
interface OrderedKind<Row extends { id: number }> {
  path: 'category' | 'logo' | 'photo';
  resource: string;
  load: (db: Db, id: number) => Promise<Row | undefined>;
  list: (row: Row) => OrderedList;
  /** Files the row (and what cascades with it) points to. */
  filesOf: (db: Db, row: Row) => Promise<string[]>;
  remove: (trx: Trx, row: Row) => Promise<void>;
  present: (db: Db, row: Row) => Promise<unknown>;
}

function registerOrderedVerbs<Row extends { id: number }>(app: FastifyInstance, kind: OrderedKind<Row>): void {
  const { db } = app;
  app.post<IdParams>(`/api/admin/photobank/${kind.path}/remove/:id`, async (request) => {
    const id = parseId(request.params.id);
    const row = await withFileChanges(app.files, (files) =>
      db.transaction().execute(async (trx) => {
        const current = await kind.load(trx, id);
        if (!current) throw notFound();
        // Answered as it was before the removal (a logo item with the files it had).
        const answer = await kind.present(trx, current);
        files.replaced(await kind.filesOf(trx, current));
        await kind.remove(trx, current);
        await closeGap(trx, kind.list(current));
        await recordAudit(request, { action: 'remove', resource: kind.resource, recordId: id }, trx);
        return answer;
      }),
    );
    return { data: row };
  });

  for (const direction of ['up', 'down'] as const) {
    app.post<IdParams>(`/api/admin/photobank/${kind.path}/move-${direction}/:id`, async (request) => {
      const id = parseId(request.params.id);
      const row = await db.transaction().execute(async (trx) => {
        const current = await kind.load(trx, id);
        if (!current) throw notFound();
        await moveInList(trx, kind.list(current), id, direction);
        await recordAudit(request, { action: `move-${direction}`, resource: kind.resource, recordId: id }, trx);
        return kind.load(trx, id);
      });
      if (!row) throw notFound();
      return { data: await kind.present(db, row) };
    });
  }
}

/** A category the item may go into: it exists and its group holds items of this kind. */
async function requireCategory(db: Db, categoryId: number, kind: Kind): Promise<void> {
  const category = await db
    .selectFrom('photobank_categories as c')
    .innerJoin('photobank_groups as g', 'g.id', 'c.group_id')
    .select('g.kind')
    .where('c.id', '=', categoryId)
    .executeTakeFirst();
  if (!category) throw formError({ category_id: ['Такой категории нет.'] });
  if (category.kind !== kind) throw formError({ category_id: [kind === 'logo' ? 'Это категория фотографий.' : 'Это категория логотипов.'] });
}

/**
 * The new position of a row changing its list (category or group): the end of the new one. Null when the list
 * stays the same. The caller closes the gap in the old list after the move.
 */
async function positionInNewList(trx: Trx, from: OrderedList, to: OrderedList): Promise<number | null> {
  return to.scope.value === from.scope.value ? null : nextPosition(trx, to);
}

// ---------------------------------------------------------------- categories (JSON)

type CategoryRow = Selectable<PhotobankCategoriesTable>;
const categoryFields = z.object({ group_id: optionalId, title: requiredText(300) });

async function requireGroup(db: Db, groupId: number | null | undefined, sameKindAs?: number): Promise<void> {
  const group = groupId ? await db.selectFrom('photobank_groups').select('kind').where('id', '=', groupId).executeTakeFirst() : undefined;
  if (!group) throw formError({ group_id: [groupId ? 'Такой группы нет.' : 'Заполните поле.'] });
  if (sameKindAs !== undefined) {
    const old = await db.selectFrom('photobank_groups').select('kind').where('id', '=', sameKindAs).executeTakeFirst();
    if (old && old.kind !== group.kind) throw formError({ group_id: ['Категорию можно перенести только в группу того же вида.'] });
  }
}

function categoryRoutes(app: FastifyInstance): void {
  const { db } = app;
  const resource = 'photobank-categories';
  const load = (trx: Db, id: number) => trx.selectFrom('photobank_categories').selectAll().where('id', '=', id).executeTakeFirst();

  app.post('/api/admin/photobank/category/add', async (request) => {
    const values = parseForm(categoryFields.required({ group_id: true }), request.body);
    await requireGroup(db, values.group_id);
    const groupId = values.group_id ?? 0;
    const row = await db.transaction().execute(async (trx) => {
      const position = await nextPosition(trx, inGroup(groupId));
      const inserted = await trx
        .insertInto('photobank_categories')
        .values({ group_id: groupId, title: values.title, position })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(request, { action: 'add', resource, recordId: inserted.id }, trx);
      return inserted;
    });
    return { data: row };
  });

  app.post<IdParams>('/api/admin/photobank/category/update/:id', async (request) => {
    const id = parseId(request.params.id);
    const values = parseForm(categoryFields.partial(), request.body);
    const existing = await load(db, id);
    if (!existing) throw notFound();
    if (values.group_id !== undefined) await requireGroup(db, values.group_id, existing.group_id);
    const row = await db.transaction().execute(async (trx) => {
      const from = inGroup(existing.group_id);
      const to = inGroup(values.group_id ?? existing.group_id);
      const position = await positionInNewList(trx, from, to);
      const updated = await trx
        .updateTable('photobank_categories')
        .set({ title: values.title, group_id: to.scope.value, ...(position === null ? {} : { position }) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw notFound();
      if (position !== null) await closeGap(trx, from);
      await recordAudit(request, { action: 'update', resource, recordId: id }, trx);
      return updated;
    });
    return { data: row };
  });

  registerOrderedVerbs<CategoryRow>(app, {
    path: 'category',
    resource,
    load,
    list: (row) => inGroup(row.group_id),
    filesOf: (trx, row) => filesOfCategory(trx, row.id),
    remove: async (trx, row) => {
      await trx.deleteFrom('photobank_categories').where('id', '=', row.id).execute();
    },
    present: async (_db, row) => row,
  });
}

// ---------------------------------------------------------------- logo items and colours (multipart)

const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

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

const logoFields = z.object({
  category_id: optionalId,
  type: z.enum(['logo', 'colour'], { error: 'Тип — logo или colour.' }),
  title: requiredText(300),
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
  keep_file_ids: z
    .string()
    .trim()
    .transform((value, context) => {
      const list = value === '' ? [] : value.replace(/^\[|\]$/g, '').split(/\s*,\s*/);
      if (!list.every((part) => /^\d{1,15}$/.test(part))) {
        context.addIssue({ code: 'custom', message: 'Ожидается список номеров файлов.' });
        return z.NEVER;
      }
      return list.map(Number);
    }),
});

const COLOURLESS = { hex: '', rgb: '', cmyk: '', pantone: '' } as const;

/** A preview fit for an `<img>`: the first PNG, else the first (sanitised) SVG. */
function previewOf(files: { file: string; format: string }[]): string | null {
  return (files.find((file) => file.format === 'png') ?? files.find((file) => file.format === 'svg'))?.file ?? null;
}

function logoRoutes(app: FastifyInstance): void {
  const { db } = app;
  const resource = 'photobank-logos';
  const load = (trx: Db, id: number) => trx.selectFrom('photobank_logo_items').selectAll().where('id', '=', id).executeTakeFirst();
  const present = async (trx: Db, row: NonNullable<Awaited<ReturnType<typeof load>>>) => (await presentLogoItems(trx, [row]))[0];

  const storeAll = async (changes: FileChanges, uploads: Awaited<ReturnType<typeof readUploadForm>>['files']): Promise<StoredFile[]> => {
    const stored: StoredFile[] = [];
    for (const upload of uploads) {
      const file = await storeDownloadFile(app.files, LOGO_FOLDER, upload);
      changes.stored([file.key]);
      stored.push(file);
    }
    return stored;
  };

  /** Adds or updates an item: the form, then the files, then one transaction; files follow the rows. */
  const save = async (request: FastifyRequest, id: number | null) => {
    const form = await readUploadForm(request, { files: LOGO_FILES });
    const values = parseForm(id === null ? logoFields.partial().required({ category_id: true, type: true, title: true }) : logoFields.partial(), form.fields);
    const existing = id === null ? undefined : await load(db, id);
    if (id !== null && !existing) throw notFound();
    const type = values.type ?? existing?.type ?? 'logo';
    const categoryId = values.category_id ?? existing?.category_id ?? 0;
    if (values.category_id !== undefined || id === null) await requireCategory(db, categoryId, 'logo');
    const oldFiles = existing ? await db.selectFrom('photobank_logo_files').selectAll().where('item_id', '=', existing.id).orderBy('position').orderBy('id').execute() : [];
    const kept = type === 'colour' ? [] : values.keep_file_ids ? oldFiles.filter((file) => values.keep_file_ids?.includes(file.id)) : oldFiles;
    const colour = type === 'colour' ? { hex: values.hex ?? existing?.hex ?? '', rgb: values.rgb ?? existing?.rgb ?? '', cmyk: values.cmyk ?? existing?.cmyk ?? '', pantone: values.pantone ?? existing?.pantone ?? '' } : COLOURLESS;
    if (type === 'colour' && form.files.length) throw formError({ files: ['У цвета не бывает файлов.'] });
    if (type === 'colour' && !colour.hex) throw formError({ hex: ['Заполните поле.'] });
    if (type === 'logo' && kept.length + form.files.length === 0) throw formError({ files: ['Добавьте хотя бы один файл: SVG, PNG, PDF или EPS.'] });

    return withFileChanges(app.files, async (changes) => {
      const added = await storeAll(changes, form.files);
      return db.transaction().execute(async (trx) => {
        const files = [...kept.map((file) => ({ file: file.file, format: file.format, size: file.size })), ...added.map((file) => ({ file: file.key, format: file.format, size: file.size }))];
        const preview = previewOf(files);
        let itemId: number;
        if (!existing) {
          const position = await nextPosition(trx, inCategory('photobank_logo_items', categoryId));
          const inserted = await trx
            .insertInto('photobank_logo_items')
            .values({ category_id: categoryId, type, title: values.title ?? '', position, preview, ...colour })
            .returning('id')
            .executeTakeFirstOrThrow();
          itemId = inserted.id;
        } else {
          itemId = existing.id;
          const current = await load(trx, itemId);
          if (!current) throw notFound();
          const from = inCategory('photobank_logo_items', current.category_id);
          const to = inCategory('photobank_logo_items', categoryId);
          const position = await positionInNewList(trx, from, to);
          await trx
            .updateTable('photobank_logo_items')
            .set({ category_id: categoryId, type, title: values.title ?? current.title, preview, ...colour, ...(position === null ? {} : { position }) })
            .where('id', '=', itemId)
            .execute();
          if (position !== null) await closeGap(trx, from);
          const keptIds = kept.map((file) => file.id);
          const dropped = oldFiles.filter((file) => !keptIds.includes(file.id));
          if (dropped.length) {
            await trx
              .deleteFrom('photobank_logo_files')
              .where(
                'id',
                'in',
                dropped.map((file) => file.id),
              )
              .execute();
          }
          const stillUsed = new Set([...files.map((file) => file.file), ...(preview ? [preview] : [])]);
          changes.replaced([...dropped.map((file) => file.file), ...(current.preview ? [current.preview] : [])].filter((key) => !stillUsed.has(key)));
        }
        for (const [index, file] of files.entries()) {
          const keptFile = kept[index];
          if (keptFile) {
            if (keptFile.position !== index) await trx.updateTable('photobank_logo_files').set({ position: index }).where('id', '=', keptFile.id).execute();
          } else {
            await trx.insertInto('photobank_logo_files').values({ item_id: itemId, format: file.format, file: file.file, size: file.size, position: index }).execute();
          }
        }
        await recordAudit(request, { action: existing ? 'update' : 'add', resource, recordId: itemId }, trx);
        return load(trx, itemId);
      });
    });
  };

  app.post('/api/admin/photobank/logo/add', async (request) => {
    const row = await save(request, null);
    if (!row) throw notFound();
    return { data: await present(db, row) };
  });
  app.post<IdParams>('/api/admin/photobank/logo/update/:id', async (request) => {
    const row = await save(request, parseId(request.params.id));
    if (!row) throw notFound();
    return { data: await present(db, row) };
  });

  registerOrderedVerbs(app, {
    path: 'logo',
    resource,
    load,
    list: (row) => inCategory('photobank_logo_items', row.category_id),
    filesOf: (trx, row) => filesOfLogoItem(trx, row.id),
    remove: async (trx, row) => {
      await trx.deleteFrom('photobank_logo_items').where('id', '=', row.id).execute();
    },
    present,
  });
}

// ---------------------------------------------------------------- photos (multipart)

const photoFields = z.object({ category_id: optionalId, title: requiredText(300), image_alt: text(300) });

function photoRoutes(app: FastifyInstance): void {
  const { db } = app;
  const resource = 'photobank-photos';
  const load = (trx: Db, id: number) => trx.selectFrom('photobank_photos').selectAll().where('id', '=', id).executeTakeFirst();

  const save = async (request: FastifyRequest, id: number | null) => {
    const form = await readUploadForm(request, { image: RASTER_IMAGE });
    const values = parseForm(id === null ? photoFields.partial().required({ category_id: true, title: true }) : photoFields.partial(), form.fields);
    const upload = form.files.find((file) => file.field === 'image');
    if (id === null && !upload) throw formError({ image: ['Выберите фотографию.'] });
    const existing = id === null ? undefined : await load(db, id);
    if (id !== null && !existing) throw notFound();
    const categoryId = values.category_id ?? existing?.category_id ?? 0;
    if (values.category_id !== undefined || id === null) await requireCategory(db, categoryId, 'photo');

    return withFileChanges(app.files, async (changes) => {
      const image = upload ? await storeUploadedImage(app.files, PHOTO_FOLDER, upload) : null;
      const imageJson = image ? JSON.stringify(image) : null;
      changes.stored(imageFiles(imageJson));
      const size = image ? await storedSize(app.files, image.src) : null;
      return db.transaction().execute(async (trx) => {
        const fields = {
          category_id: categoryId,
          ...(values.title === undefined ? {} : { title: values.title }),
          ...(values.image_alt === undefined ? {} : { image_alt: values.image_alt }),
          ...(image ? { image: imageJson, size: size ?? 0 } : {}),
        };
        let row;
        if (id === null) {
          const position = await nextPosition(trx, inCategory('photobank_photos', categoryId));
          row = await trx
            .insertInto('photobank_photos')
            .values({ title: '', image_alt: '', ...fields, image: imageJson, size: size ?? 0, position })
            .returningAll()
            .executeTakeFirstOrThrow();
        } else {
          const current = await load(trx, id);
          if (!current) throw notFound();
          if (image) changes.replaced(imageFiles(current.image));
          const from = inCategory('photobank_photos', current.category_id);
          const position = await positionInNewList(trx, from, inCategory('photobank_photos', categoryId));
          row = await trx
            .updateTable('photobank_photos')
            .set({ ...fields, ...(position === null ? {} : { position }) })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (position !== null) await closeGap(trx, from);
        }
        await recordAudit(request, { action: id === null ? 'add' : 'update', resource, recordId: row.id }, trx);
        return row;
      });
    });
  };

  app.post('/api/admin/photobank/photo/add', async (request) => ({ data: presentPhoto(await save(request, null)) }));
  app.post<IdParams>('/api/admin/photobank/photo/update/:id', async (request) => ({
    data: presentPhoto(await save(request, parseId(request.params.id))),
  }));

  registerOrderedVerbs(app, {
    path: 'photo',
    resource,
    load,
    list: (row) => inCategory('photobank_photos', row.category_id),
    filesOf: async (_trx, row) => imageFiles(row.image),
    remove: async (trx, row) => {
      await trx.deleteFrom('photobank_photos').where('id', '=', row.id).execute();
    },
    present: async (_db, row) => presentPhoto(row),
  });
}

/** The photobank (USER): reads of groups, categories, logo items and photos; writes of the last three. */
export async function photobankAdminRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', async (request, reply, payload) => { if (request.method === 'POST' && reply.statusCode < 400) app.pageCache.invalidate(); return payload; }); // after commit; goes away with auditedWrite
  registerAdminReads(app, GROUPS_LIST, (rows) => rows);
  registerAdminReads(app, CATEGORIES_LIST, (rows) => rows);
  registerAdminReads(app, LOGOS_LIST, (rows) => presentLogoItems(app.db, rows));
  registerAdminReads(app, PHOTOS_LIST, (rows) => rows.map(presentPhoto));
  categoryRoutes(app);
  logoRoutes(app);
  photoRoutes(app);
}

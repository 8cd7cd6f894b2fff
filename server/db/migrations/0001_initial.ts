import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.js';

type Table = CreateTableBuilder<string, never>;

function withId(db: Kysely<unknown>, table: Table): Table {
  const postgres = isPostgres(db);
  return table.addColumn('id', 'integer', (col) => (postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement()));
}

const text = (table: Table, name: string): Table => table.addColumn(name, 'text', (col) => col.notNull().defaultTo(''));
const flag = (table: Table, name: string, value: 0 | 1): Table => table.addColumn(name, 'integer', (col) => col.notNull().defaultTo(value));
const timestamps = (table: Table): Table =>
  table
    .addColumn('created_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`))
    .addColumn('updated_at', 'text', (col) => col.notNull().defaultTo(sql`'1970-01-01T00:00:00.000Z'`));

async function createArticleTable(db: Kysely<unknown>, name: 'news' | 'media_our'): Promise<void> {
  let table = withId(db, db.schema.createTable(name));
  table = text(table, 'title');
  table = table.addColumn('slug', 'text', (col) => col.notNull().unique());
  for (const column of ['lead', 'content']) table = text(table, column);
  table = table.addColumn('image', 'text');
  for (const column of ['image_alt']) table = text(table, column);
  table = table.addColumn('public_at', 'text', (col) => col.notNull());
  table = flag(table, 'published', 1);
  for (const column of ['seo_title', 'seo_description']) table = text(table, column);
  table = table.addColumn('views', 'integer', (col) => col.notNull().defaultTo(0));
  await timestamps(table).execute();
  // Public lists filter on published and public_at and sort by public_at, id.
  await db.schema.createIndex(`${name}_public_idx`).on(name).columns(['published', 'public_at', 'id']).execute();
  await db.schema.createIndex(`${name}_views_idx`).on(name).columns(['views', 'public_at']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createArticleTable(db, 'news');
  await createArticleTable(db, 'media_our');

  let sources = withId(db, db.schema.createTable('media_sources'));
  sources = text(text(sources, 'name'), 'url').addColumn('logo', 'text');
  await timestamps(flag(sources, 'active', 1)).execute();
  await db.schema.createIndex('media_sources_active_idx').on('media_sources').columns(['active', 'name']).execute();

  let other = withId(db, db.schema.createTable('media_other'));
  other = text(text(text(other, 'title'), 'lead'), 'url')
    .addColumn('source_id', 'integer', (col) => col.references('media_sources.id').onDelete('set null'))
    .addColumn('public_at', 'text', (col) => col.notNull());
  await timestamps(flag(other, 'published', 1)).execute();
  await db.schema.createIndex('media_other_public_idx').on('media_other').columns(['published', 'public_at', 'id']).execute();
  await db.schema.createIndex('media_other_source_idx').on('media_other').column('source_id').execute();

  let video = withId(db, db.schema.createTable('media_video'));
  video = text(text(text(video, 'title'), 'lead'), 'video_url')
    .addColumn('preview', 'text')
    .addColumn('public_at', 'text', (col) => col.notNull());
  video = flag(flag(video, 'published', 1), 'fixed', 0).addColumn('fixed_order', 'integer');
  await timestamps(video).execute();
  await db.schema.createIndex('media_video_public_idx').on('media_video').columns(['published', 'public_at', 'id']).execute();
  await db.schema.createIndex('media_video_fixed_idx').on('media_video').columns(['fixed', 'fixed_order']).execute();

  let pages = withId(db, db.schema.createTable('text_pages'));
  pages = pages.addColumn('identifier', 'text', (col) => col.notNull().unique()).addColumn('section', 'text');
  for (const column of ['title', 'content', 'seo_title', 'seo_description']) pages = text(pages, column);
  await timestamps(pages).execute();
  await db.schema.createIndex('text_pages_section_idx').on('text_pages').columns(['section', 'title']).execute();

  let menu = withId(db, db.schema.createTable('menu_items'));
  menu = menu
    .addColumn('parent_id', 'integer', (col) => col.references('menu_items.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('main', 'header', 'footer', 'payment')`));
  menu = text(text(menu, 'title'), 'url').addColumn('position', 'integer', (col) => col.notNull().defaultTo(0));
  await menu.execute();
  await db.schema.createIndex('menu_items_kind_idx').on('menu_items').columns(['kind', 'position', 'id']).execute();
  await db.schema.createIndex('menu_items_parent_idx').on('menu_items').column('parent_id').execute();

  let network = withId(db, db.schema.createTable('network_collections'));
  network = text(text(text(network, 'title'), 'url'), 'icon');
  await network.addColumn('position', 'integer', (col) => col.notNull().defaultTo(0)).execute();

  let groups = withId(db, db.schema.createTable('photobank_groups'));
  groups = groups.addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('logo', 'photo')`));
  await text(groups, 'title')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('photobank_groups_kind_idx').on('photobank_groups').columns(['kind', 'position']).execute();

  let categories = withId(db, db.schema.createTable('photobank_categories'));
  categories = categories.addColumn('group_id', 'integer', (col) => col.notNull().references('photobank_groups.id').onDelete('cascade'));
  await text(categories, 'title')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('photobank_categories_group_idx').on('photobank_categories').columns(['group_id', 'position']).execute();

  let logoItems = withId(db, db.schema.createTable('photobank_logo_items'));
  logoItems = logoItems
    .addColumn('category_id', 'integer', (col) => col.notNull().references('photobank_categories.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('logo', 'colour')`));
  logoItems = text(logoItems, 'title')
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('preview', 'text');
  for (const column of ['hex', 'rgb', 'cmyk', 'pantone']) logoItems = text(logoItems, column);
  await logoItems.execute();
  await db.schema.createIndex('photobank_logo_items_category_idx').on('photobank_logo_items').columns(['category_id', 'position']).execute();

  let logoFiles = withId(db, db.schema.createTable('photobank_logo_files'));
  logoFiles = logoFiles
    .addColumn('item_id', 'integer', (col) => col.notNull().references('photobank_logo_items.id').onDelete('cascade'))
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('file', 'text', (col) => col.notNull())
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0));
  await logoFiles.execute();
  await db.schema.createIndex('photobank_logo_files_item_idx').on('photobank_logo_files').columns(['item_id', 'position']).execute();

  let photos = withId(db, db.schema.createTable('photobank_photos'));
  photos = photos.addColumn('category_id', 'integer', (col) => col.notNull().references('photobank_categories.id').onDelete('cascade'));
  photos = text(photos, 'title').addColumn('image', 'text');
  photos = text(photos, 'image_alt')
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('position', 'integer', (col) => col.notNull().defaultTo(0));
  await photos.execute();
  await db.schema.createIndex('photobank_photos_category_idx').on('photobank_photos').columns(['category_id', 'position']).execute();

  let users = withId(db, db.schema.createTable('users'));
  users = users.addColumn('email', 'text', (col) => col.notNull().unique());
  users = text(text(users, 'name'), 'password_hash').addColumn('role', 'text', (col) =>
    col
      .notNull()
      .defaultTo('USER')
      .check(sql`role in ('USER', 'MANAGER')`),
  );
  users = flag(users, 'active', 1).addColumn('token_version', 'integer', (col) => col.notNull().defaultTo(0));
  await timestamps(users).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'users',
    'photobank_photos',
    'photobank_logo_files',
    'photobank_logo_items',
    'photobank_categories',
    'photobank_groups',
    'network_collections',
    'menu_items',
    'text_pages',
    'media_video',
    'media_other',
    'media_sources',
    'media_our',
    'news',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

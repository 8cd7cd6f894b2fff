import type { Kysely } from 'kysely';
import { resourceNamed } from '../../lib/resources/index.js';
import { declared } from '../db/declared.js';
import type { Database } from '../db/schema.js';
import { indexRecord } from '../search/indexer.js';
import { writeTranslation } from '../translations/store.js';

type EnglishVersion = Readonly<Record<string, string>>;

/** The demo records given an English version, found by a column of theirs, with that version's fields. */
const ENGLISH_DEMO: readonly { resource: string; by: string; versions: Readonly<Record<string, EnglishVersion>> }[] = [
  {
    resource: 'news',
    by: 'slug',
    versions: {
      'smart-horizont-rezident-proekta-skolkovo': {
        title: 'Smart Horizon becomes a Skolkovo resident',
        slug: 'smart-horizon-skolkovo-resident',
        lead: 'The company became a resident of the Skolkovo innovation centre in its information technology cluster.',
        content: '<p>The company became a resident of the Skolkovo innovation centre in its information technology cluster.</p>',
      },
      'sovet-direktorov-pao-stg-odobril-sozdaniye-it-kompanii-v-perimetre-gruppy': {
        title: 'The STG board approves an IT company within the group',
        slug: 'stg-board-approves-it-company',
        lead: 'The new company will build digital services for the group’s customers and partners.',
        content: '<p>The new company will build digital services for the group’s customers and partners.</p>',
      },
    },
  },
  {
    resource: 'media-our',
    by: 'title',
    versions: {
      'Как устроена цифровая платформа группы': {
        title: 'How the group’s digital platform works',
        slug: 'how-the-digital-platform-works',
        lead: 'A look inside the platform behind the group’s services.',
        content: '<p>A look inside the platform behind the group’s services.</p>',
      },
    },
  },
  {
    resource: 'media-other',
    by: 'title',
    versions: { 'Технологический оператор СТГ получил аккредитацию Минцифры': { title: 'STG’s technology operator accredited by the Ministry' } },
  },
  {
    resource: 'media-video',
    by: 'title',
    versions: { 'Презентация компании': { title: 'Company presentation', lead: 'Company presentation: watch the video.' } },
  },
  {
    resource: 'text-pages',
    by: 'identifier',
    versions: {
      'o-kompanii': { title: 'About the company', content: '<p>Smart Horizon: secured loans and digital services of the STG group.</p>' },
      kontakty: { title: 'Contacts', content: '<p>Write to us with the form below, or call the number at the top of the page.</p>' },
      'informatsiya-dlya-aktsionerov': { title: 'Information for shareholders', content: '<p>Information for the company’s shareholders.</p>' },
    },
  },
  {
    resource: 'menus',
    by: 'url',
    versions: {
      '/o-kompanii': { title: 'About us' },
      '/news': { title: 'News' },
      '/media/nashi-novosti': { title: 'Media' },
      '/kontakty': { title: 'Contacts' },
    },
  },
  { resource: 'photobank-categories', by: 'title', versions: { 'Основной логотип': { title: 'Main logo' } } },
  {
    resource: 'photobank-logos',
    by: 'title',
    versions: { 'Основной логотип': { title: 'Main logo' }, 'Логотип на тёмном фоне': { title: 'Logo on a dark background' } },
  },
];

/**
 * English versions of a few demo records, for a site with English whose demo content has none yet: the home page,
 * the news, the media tabs, a few text pages and the menus then have something to show in English.
 */
export async function seedEnglishDemo(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('translations').select('id').limit(1).executeTakeFirst()) return;
  await db.transaction().execute(async (trx) => {
    for (const { resource: name, by, versions } of ENGLISH_DEMO) {
      const resource = resourceNamed(name);
      if (!resource) throw new Error(`No resource ${name}`);
      for (const [key, version] of Object.entries(versions)) {
        const rows = await declared(trx).selectFrom(resource.table).selectAll().where(by, '=', key).execute();
        for (const row of rows) {
          await writeTranslation(trx, resource, Number(row.id), 'en', version);
          await indexRecord(trx, resource, row);
        }
      }
    }
  });
}

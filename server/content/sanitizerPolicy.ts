import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { RICH_TEXT_FIELDS } from '../../lib/resources/index.js';
import type { Database } from '../db/schema.js';
import { declared } from '../db/declared.js';
import { SANITIZER_POLICY_VERSION } from './sanitizerVersion.js';
import { sanitizedOrNull } from './workerPool.js';

/**
 * Rich HTML is sanitised when it is written, and reads serve it as stored. When the sanitiser's rules change
 * (`SANITIZER_POLICY_VERSION`), what was stored under the older rules is sanitised once more at start: every HTML
 * field of every resource, of its versions in other languages, and of the records waiting in the trash (a restore
 * puts them back as they were). The version is then recorded in `sanitizer_policies`, so later starts skip the work.
 * Each value is replaced only if it is still the one read, so a save made meanwhile on another process is never
 * overwritten; the pass changes markup, not what an editor wrote, so records keep their version and an open edit
 * form can still save.
 */

type PolicyTables = { sanitizer_policies: { version: number; applied_at: string } };

/** Rows read at a time. */
const BATCH = 100;

/** The words of a stored document the current rules refuse (nested too deep, too slow): one paragraph, no markup. */
const asPlainText = (html: string): string =>
  `<p>${html
    .replace(/<[^<>]*>/g, '')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')}</p>`;

/** Where a stored value is, for the log. */
type Place = Record<string, string | number>;
type Clean = (html: string, where: Place) => Promise<string>;

/** A stored document under the current rules; a refused one (too deep, too slow) becomes its plain text, and the log names it. */
async function cleanStored(html: string, where: Place, log: FastifyBaseLogger): Promise<string> {
  const clean = await sanitizedOrNull(html);
  if (clean !== null) return clean;
  log.warn(where, 'stored rich HTML refused by the sanitiser, kept as plain text');
  return asPlainText(html);
}

/** Sanitises the HTML fields of a resource's rows again, in batches by id. */
async function cleanTable(db: Kysely<Database>, table: string, fields: readonly string[], clean: Clean): Promise<void> {
  for (let after = 0; ;) {
    const rows = await declared(db)
      .selectFrom(table)
      .select(['id', ...fields])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      after = Number(row.id);
      for (const field of fields) {
        const stored = row[field];
        if (typeof stored !== 'string') continue;
        const cleaned = await clean(stored, { table, id: after, field });
        if (cleaned !== stored)
          await declared(db)
            .updateTable(table)
            .set({ [field]: cleaned })
            .where('id', '=', after)
            .where(field, '=', stored)
            .execute();
      }
    }
  }
}

/** Tables that keep a resource's values as JSON in one column: its records in the trash, its other languages. */
const JSON_VALUES = [
  { table: 'trash', column: 'row' },
  { table: 'translations', column: 'field_values' },
] as const;

/** Sanitises the HTML fields of a resource's values kept as JSON (`JSON_VALUES`) again, in batches by id. */
async function cleanJsonValues(
  db: Kysely<Database>,
  { table, column }: (typeof JSON_VALUES)[number],
  resource: string,
  fields: readonly string[],
  clean: Clean,
): Promise<void> {
  const tables = declared(db);
  for (let after = 0; ;) {
    const entries = await tables
      .selectFrom(table)
      .select(['id', column])
      .where('resource', '=', resource)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (entries.length === 0) return;
    for (const entry of entries) {
      after = Number(entry.id);
      const stored = String(entry[column]);
      const values = JSON.parse(stored) as Record<string, unknown>;
      for (const field of fields) {
        const html = values[field];
        if (typeof html === 'string') values[field] = await clean(html, { [table]: after, field });
      }
      const cleaned = JSON.stringify(values);
      if (cleaned !== stored)
        await tables
          .updateTable(table)
          .set({ [column]: cleaned })
          .where('id', '=', after)
          .where(column, '=', stored)
          .execute();
    }
  }
}

/** Sanitises the stored rich HTML again when it was stored under older rules than these, then records the version. */
export async function applySanitizerPolicy(db: Kysely<Database>, log: FastifyBaseLogger): Promise<void> {
  const policies = db.withTables<PolicyTables>();
  const applied = await policies
    .selectFrom('sanitizer_policies')
    .select((eb) => eb.fn.max('version').as('version'))
    .executeTakeFirst();
  if (Number(applied?.version ?? 0) >= SANITIZER_POLICY_VERSION) return;

  const clean: Clean = (html, where) => cleanStored(html, where, log);
  for (const { resource, fields } of RICH_TEXT_FIELDS) {
    await cleanTable(db, resource.table, fields, clean);
    for (const values of JSON_VALUES) await cleanJsonValues(db, values, resource.name, fields, clean);
  }
  await policies
    .insertInto('sanitizer_policies')
    .values({ version: SANITIZER_POLICY_VERSION, applied_at: new Date().toISOString() })
    .onConflict((conflict) => conflict.column('version').doNothing())
    .execute();
  log.info({ version: SANITIZER_POLICY_VERSION }, 'stored rich HTML sanitised under the current sanitiser policy');
}

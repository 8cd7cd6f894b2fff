import { demoMomentAt, isDemoMoment, RESOURCES, type DemoValue, type ResourceDescriptor } from '../../lib/resources/index.js';
import { slugFromTitle } from '../../lib/slug.js';
import type { StoredDocument } from '../../lib/types.js';
import { sanitizedOrNull } from '../content/workerPool.js';
import { declared } from '../db/declared.js';
import type { Trx } from '../db/schema.js';
import { renderDocumentPdf } from './images.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Demo HTML as stored: sanitised as any written HTML is (in a content worker; it never nests deep or takes long). */
export async function storedDemoHtml(html: string): Promise<string> {
  const clean = await sanitizedOrNull(html);
  if (clean === null) throw new Error('The sanitiser refused demo HTML');
  return clean;
}

/** Writes a demo file under the server's own name: its key and size in bytes. */
export type DemoFileWriter = (folder: string, extension: string, data: Buffer) => Promise<{ key: string; size: number }>;

/** A generated PDF named after the example's title, for a file field the example leaves out. */
async function demoDocument(resource: ResourceDescriptor, title: string, daysAgo: number, writeFile: DemoFileWriter): Promise<string> {
  const stored = await writeFile(resource.name, 'pdf', renderDocumentPdf(`Demo document ${String(daysAgo)}`));
  const document: StoredDocument = { src: stored.key, name: `${title}.pdf`, size: stored.size, format: 'pdf' };
  return JSON.stringify(document);
}

/**
 * A declared example as a row: its values, the flags' defaults, a slug from its title, sanitised HTML, dates (those
 * given relative to the seeding counted from `now`), and a generated PDF for a required file field that takes PDFs.
 */
async function exampleRow(resource: ResourceDescriptor, example: Readonly<Record<string, DemoValue>>, daysAgo: number, now: number, writeFile: DemoFileWriter) {
  const row: Record<string, string | number | null> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const given = example[name];
    const value = isDemoMoment(given) ? demoMomentAt(given, now) : given;
    if (field.kind === 'flag') row[name] = value ?? field.default;
    else if (field.kind === 'slug') row[name] = value ?? slugFromTitle(String(example[field.from] ?? ''));
    // A required date is filled in; an optional one (a withdrawal date) stays empty unless the example sets it.
    else if (field.kind === 'date') row[name] = value ?? (field.required ? new Date(now - daysAgo * DAY_MS).toISOString() : null);
    else if (field.kind === 'html') row[name] = await storedDemoHtml(String(value ?? ''));
    else if (field.kind === 'files' && value === undefined && field.required && field.formats.includes('pdf'))
      row[name] = await demoDocument(resource, String(example.title ?? resource.name), daysAgo, writeFile);
    else if (value !== undefined) row[name] = value;
  }
  if (resource.timestamps) row.created_at = row.updated_at = new Date(now).toISOString();
  return row;
}

/**
 * The demo records resources declare with themselves (`demo`), newest first a day apart, and a footer link to
 * each one's list: a new resource brings its own demo content.
 */
export async function insertDeclaredDemo(trx: Trx, footerPosition: number, writeFile: DemoFileWriter): Promise<void> {
  const now = Date.now();
  let position = footerPosition;
  for (const resource of RESOURCES as readonly ResourceDescriptor[]) {
    if (!resource.demo) continue;
    const rows = await Promise.all(resource.demo.records.map((example, index) => exampleRow(resource, example, index + 1, now, writeFile)));
    if (rows.length > 0) await declared(trx).insertInto(resource.table).values(rows).execute();
    const link = resource.demo.footerLink;
    if (link) await trx.insertInto('menu_items').values({ kind: 'footer', title: link.title, url: link.url, position: position++, parent_id: null }).execute();
  }
}

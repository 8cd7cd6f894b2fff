import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';
import { slugFromTitle } from '../../lib/slug.js';
import { sanitizeHtml } from '../content/sanitize.js';
import { declared } from '../db/declared.js';
import type { Trx } from '../db/schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A declared example as a row: its values, the flags' defaults, a slug from its title, sanitised HTML, dates. */
function exampleRow(resource: ResourceDescriptor, example: Readonly<Record<string, string | number | null>>, daysAgo: number, now: number) {
  const row: Record<string, string | number | null> = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = example[name];
    if (field.kind === 'flag') row[name] = value ?? field.default;
    else if (field.kind === 'slug') row[name] = value ?? slugFromTitle(String(example[field.from] ?? ''));
    else if (field.kind === 'date') row[name] = value ?? new Date(now - daysAgo * DAY_MS).toISOString();
    else if (field.kind === 'html') row[name] = sanitizeHtml(String(value ?? ''));
    else if (value !== undefined) row[name] = value;
  }
  if (resource.timestamps) row.created_at = row.updated_at = new Date(now).toISOString();
  return row;
}

/**
 * The demo records resources declare with themselves (`demo`), newest first a day apart, and a footer link to
 * each one's list: a new resource brings its own demo content.
 */
export async function insertDeclaredDemo(trx: Trx, footerPosition: number): Promise<void> {
  const now = Date.now();
  let position = footerPosition;
  for (const resource of RESOURCES as readonly ResourceDescriptor[]) {
    if (!resource.demo) continue;
    const rows = resource.demo.records.map((example, index) => exampleRow(resource, example, index + 1, now));
    if (rows.length > 0) await declared(trx).insertInto(resource.table).values(rows).execute();
    const link = resource.demo.footerLink;
    if (link) await trx.insertInto('menu_items').values({ kind: 'footer', title: link.title, url: link.url, position: position++, parent_id: null }).execute();
  }
}

import { resourceNamed, type ResourceDescriptor } from '../../../lib/resources/index.js';
import { LOGIN_RESOURCE } from '../../auth/loginAttempts.js';
import { declared } from '../../db/declared.js';
import type { Db, ResourceHooks, Row } from '../hooks.js';

/** Entries whose record is a staff account: sign-ins and sign-outs, and the account's own changes. */
const ACCOUNT_RESOURCES: ReadonlySet<string> = new Set([LOGIN_RESOURCE, 'account']);

/** Where an entry's record lives: the resource's table (a sign-in's record is the account). */
const recordResourceOf = (entry: Row): ResourceDescriptor | undefined =>
  resourceNamed(ACCOUNT_RESOURCES.has(String(entry.resource)) ? 'users' : String(entry.resource));

/** The column a record is named by: its title, else its name (a file, a press source, a person), a redirect by its address. */
function titleColumnOf(resource: ResourceDescriptor): string | null {
  if (resource.name === 'enquiries' || 'name' in resource.fields) return 'name';
  if ('title' in resource.fields) return 'title';
  return resource.name === 'redirects' ? 'from_path' : null;
}

const key = (resource: string, id: string) => `${resource}/${id}`;

/** The titles of the records still there, by `resource/id`: one read per resource the entries name. */
async function liveTitles(db: Db, entries: readonly Row[]): Promise<Map<string, string>> {
  const ids = new Map<ResourceDescriptor, Set<number>>();
  for (const entry of entries) {
    const resource = recordResourceOf(entry);
    const id = String(entry.record_id ?? '');
    if (!resource || !/^\d{1,15}$/.test(id) || !titleColumnOf(resource)) continue;
    ids.set(resource, (ids.get(resource) ?? new Set()).add(Number(id)));
  }
  const titles = new Map<string, string>();
  for (const [resource, wanted] of ids) {
    const column = titleColumnOf(resource) ?? 'id';
    const columns = resource.name === 'users' ? ['id', column, 'email'] : ['id', column];
    const rows = await declared(db)
      .selectFrom(resource.table)
      .select(columns)
      .where('id', 'in', [...wanted])
      .execute();
    for (const row of rows) titles.set(key(resource.name, String(row.id)), String(row[column] || row.email || ''));
  }
  return titles;
}

/** The titles the trash keeps of removed records, by `resource/id`. */
async function trashTitles(db: Db, entries: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(entries.map((entry) => String(entry.record_id ?? '')).filter((id) => /^\d{1,15}$/.test(id)))].map(Number);
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('trash').select(['resource', 'record_id', 'title']).where('record_id', 'in', ids).execute();
  return new Map(rows.map((row) => [key(row.resource, String(row.record_id)), row.title]));
}

/** An entry's words on what changed (`details`) only where it has them: most entries say all with their action. */
const withDetailsIfAny = ({ details, ...entry }: Row): Row => (details === null || details === undefined ? entry : { ...entry, details });

/**
 * An audit entry as the log shows it: its columns, the title of its record (`record_title`) and, while the record is
 * still there, the resource whose edit screen shows it (`record_resource`: `users` for a sign-in). A removed record
 * keeps the title the trash knows it by, without a resource; an entry without a record has both null.
 */
export async function withRecordTitles(db: Db, rows: readonly Row[]): Promise<Row[]> {
  const entries = rows.map(withDetailsIfAny);
  const [live, removed] = await Promise.all([liveTitles(db, entries), trashTitles(db, entries)]);
  return entries.map((entry) => {
    const resource = recordResourceOf(entry);
    const id = String(entry.record_id ?? '');
    const title = resource ? live.get(key(resource.name, id)) : undefined;
    if (resource && title !== undefined) return { ...entry, record_title: title, record_resource: resource.name };
    return { ...entry, record_title: removed.get(key(String(entry.resource), id)) ?? null, record_resource: null };
  });
}

export const auditLogHooks: ResourceHooks = { present: withRecordTitles };

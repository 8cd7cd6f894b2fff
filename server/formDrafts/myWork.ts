import { RESOURCES } from '../../lib/resources/index.js';
import { may, type Permissions } from '../../lib/resources/rights.js';
import type { Db } from '../db/schema.js';
import { withRecordTitles } from '../resources/hooks/audit-log.js';

/** How many kept versions and recent edits the dashboard shows. */
export const MY_WORK_ITEMS = 8;

/** The audit entries read to find that many distinct records (an editor saves one record many times). */
const EDITS_READ = 100;

export interface MyWork {
  drafts: { resource: string; record_key: string; title: string; saved_at: string }[];
  edits: { resource: string; record_id: string; action: string; title: string | null; created_at: string }[];
}

const titleOf = (values: Record<string, unknown>): string => String(values.title ?? values.name ?? values.from_path ?? '');

/**
 * The signed-in editor's own work for the dashboard, in two reads: the forms' kept versions (unsaved changes), newest
 * first, each with the title it was typed with; and the records the editor changed last, each once, with its title.
 */
export async function myWork(db: Db, user: { id: number; permissions: Permissions }): Promise<MyWork> {
  const forms = RESOURCES.filter((resource) => resource.api !== 'read-only' && may(user.permissions, resource.name, 'edit')).map((resource) => resource.name);
  if (!forms.length) return { drafts: [], edits: [] };
  const [drafts, entries] = await Promise.all([
    db
      .selectFrom('form_drafts')
      .select(['resource', 'record_key', 'form_values', 'saved_at'])
      .where('user_id', '=', user.id)
      .where('resource', 'in', forms)
      .orderBy('saved_at', 'desc')
      .limit(MY_WORK_ITEMS)
      .execute(),
    db
      .selectFrom('audit_log')
      .select(['id', 'action', 'resource', 'record_id', 'created_at'])
      .where('user_id', '=', user.id)
      .where('resource', 'in', forms)
      .where('record_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(EDITS_READ)
      .execute(),
  ]);
  const seen = new Set<string>();
  const latest = entries.filter((entry) => {
    const key = `${entry.resource}/${String(entry.record_id)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const titled = await withRecordTitles(db, latest.slice(0, MY_WORK_ITEMS));
  return {
    drafts: drafts.map((draft) => ({
      resource: draft.resource,
      record_key: draft.record_key,
      title: titleOf(JSON.parse(draft.form_values) as Record<string, unknown>),
      saved_at: draft.saved_at,
    })),
    edits: titled.map((entry) => ({
      resource: String(entry.resource),
      record_id: String(entry.record_id),
      action: String(entry.action),
      title: typeof entry.record_title === 'string' ? entry.record_title : null,
      created_at: String(entry.created_at),
    })),
  };
}

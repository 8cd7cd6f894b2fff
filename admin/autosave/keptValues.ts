import { carries, comparedFieldsOf, valueAt } from '../translations/values.js';

/** A file chosen in a file input: the browser cannot hand it back after a reload, so it is never kept. */
const isChosenFile = (value: unknown): boolean => typeof value === 'object' && value !== null && 'rawFile' in value;

/** A password typed into a user's form is a secret: it is never written down anywhere else. */
const SECRET_FIELDS = new Set(['password']);

/**
 * The key under which kept values name the fields the editor had changed: a version kept from an older state of the
 * record also holds the fields others have changed since as they were then, and restoring those would undo their work.
 */
export const EDITED_FIELDS_KEY = '$edited';

/**
 * The form's values that can be kept: everything but files chosen in file inputs and passwords; `edited` names the
 * fields the editor has changed (kept under `EDITED_FIELDS_KEY`).
 */
export function keepableValues(values: Record<string, unknown>, edited?: readonly string[]): Record<string, unknown> {
  const kept: Record<string, unknown> = edited ? { [EDITED_FIELDS_KEY]: [...edited] } : {};
  for (const [name, value] of Object.entries(values)) {
    if (SECRET_FIELDS.has(name) || isChosenFile(value)) continue;
    kept[name] = Array.isArray(value) ? value.filter((item) => !isChosenFile(item)) : value;
  }
  return kept;
}

/** Form values are JSON (they come from the API and go back to it), so they are compared as JSON. */
const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Which of the record's editable fields the kept values change (what the server keeps itself, like dates, aside):
 * its own and its language versions' (`translations.en.title`, admin/translations/values.ts).
 */
export function changedFields(fields: readonly string[], kept: Record<string, unknown>, current: Record<string, unknown>): string[] {
  return fields.filter((name) => carries(kept, name) && !sameValue(valueAt(kept, name), valueAt(current, name)));
}

/** The fields kept values name as the editor's changes, or null for a version kept before they were named. */
export function editedFieldsOf(kept: Record<string, unknown>): string[] | null {
  const edited = kept[EDITED_FIELDS_KEY];
  return Array.isArray(edited) ? edited.filter((name): name is string => typeof name === 'string') : null;
}

/**
 * The fields restoring kept values would change in the form: those the kept values change, of the ones the editor
 * had changed when they were kept (all of them for a version that does not name those).
 */
export function restorableFields(fields: readonly string[], kept: Record<string, unknown>, current: Record<string, unknown>): string[] {
  const edited = editedFieldsOf(kept);
  return changedFields(fields, kept, current).filter((name) => edited === null || edited.includes(name));
}

/** The form's fields an editor changes: the record's own and its language versions' (`translations.en.title`). */
export const editableFieldsOf = (resource: string): string[] => Object.keys(comparedFieldsOf(resource));

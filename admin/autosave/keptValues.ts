import { carries, comparedFieldsOf, valueAt } from '../translations/values.js';

/** A file chosen in a file input: the browser cannot hand it back after a reload, so it is never kept. */
const isChosenFile = (value: unknown): boolean => typeof value === 'object' && value !== null && 'rawFile' in value;

/** A password typed into a user's form is a secret: it is never written down anywhere else. */
const SECRET_FIELDS = new Set(['password']);

/** The form's values that can be kept: everything but files chosen in file inputs and passwords. */
export function keepableValues(values: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
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

/** The form's fields an editor changes: the record's own and its language versions' (`translations.en.title`). */
export const editableFieldsOf = (resource: string): string[] => Object.keys(comparedFieldsOf(resource));

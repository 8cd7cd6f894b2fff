import type { RaRecord } from 'react-admin';
import type { Field } from '@lib/resources/index.js';
import { valueAt, withValueAt } from '../translations/values.js';

/** Which version of a field a merge keeps. */
export type Choice = 'mine' | 'saved';

/** A save refused because the record was saved meanwhile: what the editor sent, what they had loaded, who saved. */
export interface Conflict {
  /** The values the editor tried to save. */
  mine: RaRecord;
  /** The record as the editor's form loaded it. */
  base: RaRecord;
  savedBy: string | null;
  savedAt: string | null;
}

/** A field whose two versions read differently, with the choice that keeps both editors' changes. */
export interface ConflictingField {
  name: string;
  mine: string;
  saved: string;
  /** The saved version where only the other editor changed the field, the editor's own otherwise. */
  suggested: Choice;
}

/**
 * The fields where the editor's version and the saved one differ, as people read them: the record's own and its
 * language versions' (admin/translations/values.ts names them).
 */
export function conflictingFields(
  fields: Record<string, Field>,
  conflict: Conflict,
  saved: RaRecord,
  readable: (name: string, value: unknown) => string,
): ConflictingField[] {
  return Object.keys(fields).flatMap((name) => {
    const mine = readable(name, valueAt(conflict.mine, name));
    const theirs = readable(name, valueAt(saved, name));
    if (mine === theirs) return [];
    const base = readable(name, valueAt(conflict.base, name));
    const suggested: Choice = base !== theirs && base === mine ? 'saved' : 'mine';
    return [{ name, mine, saved: theirs, suggested }];
  });
}

/** The editor's values with the saved version taken where they chose it: what a merge saves. */
export function mergedValues(mine: RaRecord, saved: RaRecord, differing: readonly ConflictingField[], choiceOf: (name: string) => Choice): RaRecord {
  let merged: RaRecord = { ...mine };
  for (const field of differing) if (choiceOf(field.name) === 'saved') merged = withValueAt(merged, field.name, valueAt(saved, field.name));
  return merged;
}

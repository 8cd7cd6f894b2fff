import type { RaRecord } from 'react-admin';
import { joinSegments, mergeField, mergeHtml, overlapsIn, sameText, type Side } from '@lib/merge.js';
import { bothBlocks } from '@lib/mergeBoth.js';
import type { Field } from '@lib/resources/index.js';
import { valueAt, withValueAt } from '../translations/values.js';

/** A save refused because the record was saved meanwhile: what the editor sent, what they had loaded, who saved. */
export interface Conflict {
  /** The values the editor tried to save. */
  mine: RaRecord;
  /** The record as the editor's form loaded it: the version both saves started from. */
  base: RaRecord;
  savedBy: string | null;
  savedAt: string | null;
}

/** A field the merge settled without asking, and whose change it keeps. */
export interface MergedField {
  name: string;
  by: Side | 'both';
}

/**
 * One place both editors changed differently: a whole field, or some blocks of a rich text (then each version is the
 * blocks' HTML; a side that deleted them has an empty string). `key` names it among the conflict's overlaps.
 */
export interface Overlap {
  key: string;
  name: string;
  field: Field;
  /** Which of the field's overlaps this is (from 1), and how many it has: rich text may have several. */
  place: number;
  places: number;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  /** Rich text: both versions of the place kept, the editor's first, with what neither changed there once. */
  both?: string;
}

/** The merge of a conflict: what it settled, where a person decides, and the values it saves once they have. */
export interface MergePlan {
  merged: MergedField[];
  overlaps: Overlap[];
  /** The editor's values with every settled change and each overlap's resolution (by key) in place. */
  values: (resolutions: Readonly<Record<string, unknown>>) => RaRecord;
}

interface Readers {
  /** A value as people read it: two values reading alike are the same (a date's spelling, an empty text and none). */
  readable: (name: string, value: unknown) => string;
  /** Rich HTML as the editor writes it, so that versions from the editor and from the database compare alike. */
  editorHtml: (html: string) => string;
}

type Write = (values: RaRecord, resolutions: Readonly<Record<string, unknown>>) => RaRecord;

/**
 * The three-way merge of the editor's values and the saved record against the version the form loaded: a field
 * only one of them changed takes that change; rich text both changed merges block by block (lib/merge.ts); what is
 * left, both having changed it differently, is an overlap with no side chosen for it.
 */
export function planMerge(fields: Record<string, Field>, conflict: Conflict, saved: RaRecord, { readable, editorHtml }: Readers): MergePlan {
  const merged: MergedField[] = [];
  const overlaps: Overlap[] = [];
  const writes: Write[] = [];
  for (const [name, field] of Object.entries(fields)) {
    const [base, mine, theirs] = [conflict.base, conflict.mine, saved].map((record) => valueAt(record, name));
    const overlap = (key: string, place: number, places: number, versions: Pick<Overlap, 'base' | 'mine' | 'theirs' | 'both'>) =>
      overlaps.push({ key, name, field, place, places, ...versions });
    if (field.kind === 'html') {
      const [b, m, t] = [base, mine, theirs].map((value) => editorHtml(typeof value === 'string' ? value : ''));
      const outcome = mergeField(b ?? '', m ?? '', t ?? '', sameText);
      if (outcome.state === 'same') continue;
      if (outcome.state === 'merged') {
        merged.push({ name, by: outcome.by });
        if (outcome.by === 'theirs') writes.push((values) => withValueAt(values, name, theirs));
        continue;
      }
      const segments = mergeHtml(b ?? '', m ?? '', t ?? '');
      const found = overlapsIn(segments);
      if (found.length === 0) merged.push({ name, by: 'both' });
      found.forEach((segment, index) =>
        overlap(`${name}#${index + 1}`, index + 1, found.length, {
          base: segment.base.join(''),
          mine: segment.mine.join(''),
          theirs: segment.theirs.join(''),
          both: bothBlocks(segment.base, segment.mine, segment.theirs).join(''),
        }),
      );
      writes.push((values, resolutions) =>
        withValueAt(
          values,
          name,
          joinSegments(segments, (_, index) => String(resolutions[`${name}#${index + 1}`] ?? '')),
        ),
      );
      continue;
    }
    // Texts are compared as read, typography aside: a typeset version of an untouched text is not a change.
    const same = field.kind === 'text' ? sameText : (a: string, b: string) => a === b;
    const outcome = mergeField(base, mine, theirs, (a, b) => same(readable(name, a), readable(name, b)));
    if (outcome.state === 'same') continue;
    if (outcome.state === 'merged') {
      merged.push({ name, by: outcome.by });
      if (outcome.by === 'theirs') writes.push((values) => withValueAt(values, name, theirs));
      continue;
    }
    overlap(name, 1, 1, { base, mine, theirs });
    writes.push((values, resolutions) => withValueAt(values, name, resolutions[name]));
  }
  return { merged, overlaps, values: (resolutions) => writes.reduce((values, write) => write(values, resolutions), { ...conflict.mine }) };
}

/**
 * Every overlap resolved to one side's version: what the quick choices save. They decide the overlaps only; the
 * changes the merge settled by itself stay either way.
 */
export const sideResolutions = (overlaps: readonly Overlap[], side: Side): Record<string, unknown> =>
  Object.fromEntries(overlaps.map((overlap) => [overlap.key, overlap[side]]));

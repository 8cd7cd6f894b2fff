import type { RaRecord } from 'react-admin';
import { draftOf, type DraftInfo } from '../../dataProvider/index.js';

/**
 * The record as its editor continues it: the live record with its draft's values over it (the draft itself stays
 * attached, so that the next save of the draft is based on the draft's version). A record without a draft is itself.
 */
export function withDraftValues<RecordType extends RaRecord>(record: RecordType): RecordType {
  const draft = draftOf(record);
  return draft ? { ...record, ...draft.values } : record;
}

/** A stored record visitors see: published, or of a resource without a published flag. */
export const isLiveRecord = (record: RaRecord | undefined, publishes: boolean): boolean =>
  record?.id !== undefined && (!publishes || Number(record.published) === 1);

/**
 * Whether the form's saves go to the record's draft rather than to the live version: while it has a draft, and on a
 * live record whose changes by the signed-in user wait for a MANAGER's review.
 */
export const savesGoToDraft = (record: RaRecord | undefined, publishes: boolean): boolean =>
  draftOf(record) !== null || (isLiveRecord(record, publishes) && (record as DraftInfo | undefined)?.review_required === true);

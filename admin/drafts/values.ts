import type { RaRecord } from 'react-admin';
import { draftOf } from '../../dataProvider/index.js';

/**
 * The record as its editor continues it: the live record with its draft's values over it (the draft itself stays
 * attached, so that the next save of the draft is based on the draft's version). A record without a draft is itself.
 */
export function withDraftValues<RecordType extends RaRecord>(record: RecordType): RecordType {
  const draft = draftOf(record);
  return draft ? { ...record, ...draft.values } : record;
}

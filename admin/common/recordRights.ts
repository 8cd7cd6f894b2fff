import type { RaRecord } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import type { DraftInfo } from '../../dataProvider/index.js';
import { isLiveRecord } from '../drafts/values.js';

/**
 * Whether the signed-in account may change the stored record directly, not through a draft (remove it, remove its
 * image): not an author whose changes wait for a MANAGER's review, on a record visitors see (the server refuses it).
 */
export function mayChangeLive(resource: string, record: RaRecord | undefined): boolean {
  if ((record as DraftInfo | undefined)?.review_required !== true) return true;
  return !isLiveRecord(record, Boolean(resourceNamed(resource)?.fields.published));
}

/** Whether the signed-in account may delete the record (the buttons that cannot succeed are not offered). */
export const mayDelete = (resource: string, record: RaRecord | undefined): boolean => mayChangeLive(resource, record);

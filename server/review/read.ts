import type { ResourceDescriptor } from '../../lib/resources/index.js';
import type { Db } from '../db/schema.js';
import { draftStateOf } from './drafts.js';

const isRecord = (value: unknown): value is Record<string, unknown> & { id: number } =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';

/** A record as the edit screen reads it: the live values, then its draft (null when none) and its review state. */
export async function withDraftState(db: Db, resource: ResourceDescriptor, record: unknown): Promise<unknown> {
  return isRecord(record) ? { ...record, ...(await draftStateOf(db, resource, record)) } : record;
}

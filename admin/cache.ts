import type { QueryClient } from '@tanstack/react-query';
import type { RaRecord } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { refetchGroupOf, resourcesRefetching, type ChangeEvent } from '../dataProvider/index.js';

/** Query keys of the dashboard's media summaries, the generals and the most-read items. */
export const GENERALS_KEY = ['media', 'generals'] as const;
export const READS_KEY = ['media', 'reads'] as const;

interface ListPage {
  data?: RaRecord[];
  total?: number;
}

function replaceIn(records: RaRecord[] | undefined, record: RaRecord): RaRecord[] | undefined {
  return records?.map((item) => (String(item.id) === String(record.id) ? record : item));
}

/**
 * Puts the server's answer in place of the cached record everywhere react-admin keeps it (getOne, getList,
 * getMany), so every view shows exactly what the server answered (removing an image replaces the record).
 */
export function replaceRecordInCache(queryClient: QueryClient, resource: string, record: RaRecord): void {
  queryClient.setQueriesData<RaRecord>({ queryKey: [resource, 'getOne'] }, (old) => (old && String(old.id) === String(record.id) ? record : old));
  queryClient.setQueriesData<ListPage>({ queryKey: [resource, 'getList'] }, (old) => (old ? { ...old, data: replaceIn(old.data, record) } : old));
  queryClient.setQueriesData<RaRecord[]>({ queryKey: [resource, 'getMany'] }, (old) => replaceIn(old, record));
}

/**
 * What every write refetches:
 * - add, edit, delete or restore from the trash → the resource's lists, so they come back re-sorted by the server (public_at desc, then id);
 * - delete of a resource with a trash → the trash;
 * - add, edit or delete of news, own articles, press items or videos → the media generals and most-read lists;
 * - fix, unfix and moves of videos → the current page of the video list;
 * - any photobank change → the photobank groups (and its categories, logos and photos);
 * - removing an image or restoring a version → the server's answer in place of the record (the edit form shows it).
 */
export async function refetchAfterChange(queryClient: QueryClient, event: ChangeEvent): Promise<void> {
  const { resource, action } = event;
  const keys: (readonly unknown[])[] = [];
  if (action === 'create' || action === 'update' || action === 'delete' || action === 'restore' || action === 'restoreRevision')
    keys.push([resource, 'getList']);
  if (action === 'delete' && resourceNamed(resource)?.trash) keys.push(['trash']);
  const group = refetchGroupOf(resource);
  if (group === 'media-summary' && action !== 'removeImage') keys.push(GENERALS_KEY, READS_KEY);
  if (action === 'fix' || action === 'unfix' || action === 'moveUp' || action === 'moveDown') {
    keys.push([resource, 'getList'], [resource, 'getOne']);
  }
  if (group === 'photobank') {
    for (const name of resourcesRefetching(group)) keys.push([name]);
  }
  if (action === 'removeImage' || action === 'restoreRevision') {
    for (const record of event.records) replaceRecordInCache(queryClient, resource, record);
  }
  await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { PRESENCE_HEARTBEAT_MS, tracksPresence, type PresenceEditor, type RecordPresence } from '@lib/presence.js';
import { resourceNamed } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

const byRecord = (records: RecordPresence[]) => new Map(records.map((record) => [record.id, record.editors]));

/**
 * The records of a list that other staff members have open, by id: one request for the whole list (every row's
 * marker shares it), repeated every few seconds while the tab is visible.
 */
export function useEditingInList(resource: string): Map<number, PresenceEditor[]> | undefined {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({
    queryKey: ['presence', resource],
    queryFn: async () => (await dataProvider.getPresence(resource, {})).data,
    select: byRecord,
    enabled: tracksPresence(resourceNamed(resource)),
    refetchInterval: PRESENCE_HEARTBEAT_MS,
    staleTime: PRESENCE_HEARTBEAT_MS / 2,
  });
  return data;
}

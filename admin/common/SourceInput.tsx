import { useQuery } from '@tanstack/react-query';
import { SelectInput, useDataProvider, useRecordContext, type SelectInputProps } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import type { MediaSource } from '@lib/types.js';

export const SOURCES_KEY = ['media', 'sources'] as const;

/**
 * The press sources (active ones, from the public read `GET /api/media/sources`): a USER edits press items too,
 * while the sources' admin screen is MANAGER only.
 */
export function useSources() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  return useQuery<MediaSource[]>({
    queryKey: SOURCES_KEY,
    queryFn: async () => (await dataProvider.getSources('media', {})).data,
    staleTime: 60_000,
  });
}

export const SourceInput = (props: Omit<SelectInputProps, 'choices'>) => {
  const { data, isPending } = useSources();
  return <SelectInput {...props} choices={data ?? []} optionText="name" optionValue="id" isPending={isPending} />;
};

/** The source's name of a press item. */
export const SourceNameField = (_props: { label?: string; source?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const { data } = useSources();
  if (!record) return null;
  const source = data?.find((item) => item.id === Number(record.source_id));
  return <span>{source?.name ?? (record.source_id ? `#${String(record.source_id)}` : '—')}</span>;
};

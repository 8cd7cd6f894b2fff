import { Box, Stack } from '@mui/material';
import { Children, type ReactNode } from 'react';
import { EditButton, Link, RecordContextProvider, useCreatePath, useListContext, useResourceContext, type DatagridProps } from 'react-admin';
import { columnsOf, isField } from './columns.js';
import { DateTimeField, StatusField } from './fields.js';

/** What a phone's row shows beside the title: the record's state and dates, which say at a glance where it stands. */
const AT_A_GLANCE: readonly unknown[] = [StatusField, DateTimeField];

/**
 * A list's rows on a phone: one compact row per record, its first field (the title) on a line of its own and opening
 * the record where a row click would, its state and dates in small type below (or, in a list without them, its second
 * field), the row's buttons (icons with their names) at its end. The other columns are the table's and the record's.
 */
export default function OneColumnList({ children, rowClick, data }: Pick<DatagridProps, 'rowClick' | 'data'> & { children: ReactNode }) {
  const list = useListContext();
  const resource = useResourceContext() ?? '';
  const createPath = useCreatePath();
  const records = data ?? list.data ?? [];
  const columns = columnsOf(Children.toArray(children));
  const [title, ...others] = columns.filter((column) => isField(column) && column.props.source !== 'id');
  const glance = others.filter((column) => AT_A_GLANCE.includes(column.type));
  const details = glance.length ? glance : others.slice(0, 1);
  const buttons = columns.filter((column) => !isField(column) && !(rowClick === 'edit' && column.type === EditButton));
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="one-column-list">
      {records.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Stack spacing={0.25} sx={{ flex: 1, minWidth: 0 }}>
              {title && (
                <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {rowClick === 'edit' ? <Link to={createPath({ resource, id: record.id, type: 'edit' })}>{title}</Link> : title}
                </Box>
              )}
              <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', alignItems: 'center', typography: 'body2', color: 'text.secondary' }}>
                {details}
              </Stack>
            </Stack>
            <Stack direction="row" sx={{ flexShrink: 0, alignItems: 'center' }}>
              {buttons}
            </Stack>
          </Box>
        </RecordContextProvider>
      ))}
    </Box>
  );
}

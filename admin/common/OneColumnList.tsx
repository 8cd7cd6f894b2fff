import { Card, CardContent, Stack } from '@mui/material';
import { Children, type ReactNode } from 'react';
import { EditButton, Labeled, RecordContextProvider, useListContext, type DatagridProps } from 'react-admin';
import { columnsOf, isField } from './columns.js';

/**
 * A list's rows on a phone: one card per record, each column of the table as a labelled line, the row's buttons
 * below (and «Редактировать» where a row click opens the record), so nothing of the table is lost and nothing is
 * wider than the screen.
 */
export default function OneColumnList({ children, rowClick, data }: Pick<DatagridProps, 'rowClick' | 'data'> & { children: ReactNode }) {
  const list = useListContext();
  const records = data ?? list.data ?? [];
  const columns = columnsOf(Children.toArray(children));
  const fields = columns.filter(isField);
  const buttons = columns.filter((column) => !isField(column));
  const opensRecord = rowClick === 'edit' && !buttons.some((button) => button.type === EditButton);
  return (
    <Stack spacing={1} sx={{ p: 1 }} data-testid="one-column-list">
      {records.map((record) => (
        <RecordContextProvider key={record.id} value={record}>
          <Card variant="outlined">
            <CardContent sx={{ '&:last-child': { pb: 1 } }}>
              {fields.map((field, index) => (
                <Labeled key={index} sx={{ display: 'flex', mb: 0.5 }}>
                  {field}
                </Labeled>
              ))}
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                {buttons}
                {opensRecord && <EditButton />}
              </Stack>
            </CardContent>
          </Card>
        </RecordContextProvider>
      ))}
    </Stack>
  );
}

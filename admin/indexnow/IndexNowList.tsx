import { Chip } from '@mui/material';
import { FunctionField, List, NumberField, SearchInput, useRecordContext, useTranslate } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';
import './texts.js';

const filters = [<SearchInput key="q" source="q" alwaysOn />];

const COLOURS = { accepted: 'success', refused: 'error', waiting: 'warning' } as const;

/** Accepted, refused for good, or waiting for its (next) attempt, then when that attempt is due. */
const StateField = (_props: { label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  const translate = useTranslate();
  const state = String(record?.state ?? '');
  if (!(state in COLOURS)) return null;
  return (
    <>
      <Chip size="small" color={COLOURS[state as keyof typeof COLOURS]} label={translate(`resources.indexnow.states.${state}`)} />
      {state === 'waiting' ? <DateTimeField source="due_at" /> : null}
    </>
  );
};

/** The IndexNow log (MANAGER, read-only): the addresses each write sent to the search engine, and its answer. */
export const IndexNowList = () => (
  <List
    pagination={<ListPagination />}
    resource="indexnow"
    sort={{ field: 'created_at', order: 'DESC' }}
    filters={filters}
    perPage={25}
    exporter={false}
    empty={false}
  >
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <DateTimeField source="created_at" />
      <FunctionField source="urls" sortable={false} render={(record) => (record.urls as string[]).map((url) => <div key={url}>{url}</div>)} />
      <StateField label="resources.indexnow.fields.state" sortable={false} />
      <NumberField source="attempts" />
      <FunctionField source="answer" sortable={false} render={(record) => String(record.answer || record.last_error)} />
      <DateTimeField source="sent_at" />
    </ResponsiveDatagrid>
  </List>
);

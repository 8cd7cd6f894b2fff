import { FunctionField, List, SearchInput, SelectInput, TextField, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { RESOURCES } from '@lib/resources/index.js';
import { DateTimeField } from '../common/fields.js';
import { EmptyTrashButton } from './EmptyTrashButton.js';
import { RestoreButton } from './RestoreButton.js';
import { ListPagination } from '../common/ListPagination.js';

const KINDS = RESOURCES.filter((resource) => resource.trash).map((resource) => ({ id: resource.name, name: `resources.${resource.name}.name` }));

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="resource" source="resource" choices={KINDS} />];

/** The kind of a removed record: its resource's name in the singular. */
const KindName = ({ resource }: { resource: string }) => {
  const translate = useTranslate();
  return <>{translate(`resources.${resource}.name`, { smart_count: 1 })}</>;
};

/** «Корзина»: removed records of every kind the user may edit, newest first, each with «Восстановить». */
export const TrashList = () => (
  <List
    pagination={<ListPagination />}
    resource="trash"
    title="app.trash.title"
    sort={{ field: 'removed_at', order: 'DESC' }}
    filters={filters}
    perPage={25}
    actions={
      <TopToolbar>
        <EmptyTrashButton />
      </TopToolbar>
    }
    empty={false}
  >
    <ResponsiveDatagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField label="resources.trash.fields.resource" sortBy="resource" render={(record: RaRecord) => <KindName resource={String(record.resource)} />} />
      <TextField source="title" />
      <TextField source="removed_by_email" />
      <DateTimeField source="removed_at" />
      <DateTimeField source="purge_at" />
      <RestoreButton />
    </ResponsiveDatagrid>
  </List>
);

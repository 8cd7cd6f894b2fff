import { EditButton, FunctionField, List, SearchInput, SelectInput, TextField, useTranslate, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, ExportOnlyBulkActions } from '../common/fields.js';
import { choicesOf } from '../common/choices.js';
import { ListPagination } from '../common/ListPagination.js';

const RoleLabel = ({ role }: { role: string }) => {
  const translate = useTranslate();
  return <>{translate(`app.roles.${role}`)}</>;
};

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="role" source="role" choices={choicesOf('users', 'role')} />];

/** Users (MANAGER only). Accounts are deactivated rather than deleted in bulk, so the list offers no bulk delete. */
export const UserList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'email', order: 'ASC' }} filters={filters}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<ExportOnlyBulkActions />}>
      <TextField source="id" />
      <TextField source="email" />
      <TextField source="name" />
      <FunctionField source="role" render={(record: RaRecord) => <RoleLabel role={String(record.role)} />} />
      <FunctionField source="active" render={(record: RaRecord) => (Number(record.active) === 1 ? '✓' : '—')} />
      <FunctionField source="two_factor" sortable={false} render={(record: RaRecord) => (Number(record.two_factor) === 1 ? '✓' : '—')} />
      <DateTimeField source="created_at" />
      <EditButton />
    </ResponsiveDatagrid>
  </List>
);

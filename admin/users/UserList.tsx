import { EditButton, FunctionField, List, SearchInput, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, ExportOnlyBulkActions } from '../common/fields.js';
import { useRoleChoices, useRoleTitle } from '../roles/roleChoices.js';
import { ListPagination } from '../common/ListPagination.js';

/** The account's role by its title. */
const RoleLabel = ({ role }: { role: string }) => <>{useRoleTitle()(role)}</>;

const RoleFilter = (props: { source: string }) => <SelectInput {...props} choices={useRoleChoices()} translateChoice={false} />;

const filters = [<SearchInput key="q" source="q" alwaysOn />, <RoleFilter key="role" source="role" />];

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

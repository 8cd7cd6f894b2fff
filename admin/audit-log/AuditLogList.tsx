import { List, SearchInput, TextField, TextInput } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, ExportOnlyBulkActions } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="resource" source="resource" />,
  <TextInput key="action" source="action" />,
  <TextInput key="record_id" source="record_id" />,
];

/** The audit log (MANAGER only), read-only, newest first. */
export const AuditLogList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'created_at', order: 'DESC' }} filters={filters} perPage={50}>
    <ResponsiveDatagrid bulkActionButtons={<ExportOnlyBulkActions />} rowClick={false}>
      <DateTimeField source="created_at" />
      <TextField source="user_email" />
      <TextField source="action" />
      <TextField source="resource" />
      <TextField source="record_id" />
      <TextField source="ip" />
    </ResponsiveDatagrid>
  </List>
);

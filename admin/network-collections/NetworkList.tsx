import { EditButton, List, SearchInput, TextField, UrlField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { SafeBulkActions } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';

export const NetworkList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'position', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
      <TextField source="id" />
      <TextField source="title" />
      <UrlField source="url" target="_blank" rel="noreferrer" />
      <TextField source="icon" />
      <TextField source="position" />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

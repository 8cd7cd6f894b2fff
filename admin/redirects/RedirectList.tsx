import { CreateButton, DateField, EditButton, ExportButton, List, SearchInput, TextField, TopToolbar } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { SafeBulkActions } from '../common/fields.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ImportRedirectsButton } from './ImportRedirectsButton.js';
import { ListPagination } from '../common/ListPagination.js';

const ListActions = () => (
  <TopToolbar>
    <CreateButton />
    <ImportRedirectsButton />
    <ExportButton />
  </TopToolbar>
);

/** «Перенаправления»: old addresses of the site and where each leads; those of renamed records appear by themselves. */
export const RedirectList = () => (
  <List
    pagination={<ListPagination />}
    sort={{ field: 'updated_at', order: 'DESC' }}
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    actions={<ListActions />}
  >
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
      <TextField source="from_path" />
      <TextField source="to_path" />
      <DateField source="updated_at" showTime />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

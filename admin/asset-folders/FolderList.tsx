import { EditButton, List, SearchInput, TextField } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { DateTimeField } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';

/**
 * The library's folders as a table, by name. Editors mostly work with them in the library itself; a folder's form
 * can also move it into another one.
 */
export const FolderList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'name', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <DateTimeField source="updated_at" />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

import { EditButton, List, ReferenceField, SearchInput, TextField } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { DateTimeField } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';

/**
 * The library's folders as a table (by name, with the folder each is in). Editors mostly work with them in the
 * library itself; here a folder can also be moved into another one.
 */
export const FolderList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'name', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="name" />
      <ReferenceField source="parent_id" reference="asset-folders" link={false} emptyText="—" />
      <DateTimeField source="updated_at" />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

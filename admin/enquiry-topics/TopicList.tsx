import { EditButton, List, SearchInput, TextField } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { SafeBulkActions } from '../common/fields.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ListPagination } from '../common/ListPagination.js';

/** The topics visitors pick in the feedback form, in the form's order. */
export const TopicList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'position', order: 'ASC' }} filters={[<SearchInput key="q" source="q" alwaysOn />]}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
      <TextField source="id" />
      <TextField source="title" />
      <TextField source="position" />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

import { List, ReferenceField, SearchInput, SelectInput, TextField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { MoveDownButton, MoveUpButton } from '../buttons/index.js';
import { ExportOnlyBulkActions } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ListPagination } from '../common/ListPagination.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="group_id" source="group_id" reference="photobank-groups">
    <SelectInput optionText="title" />
  </ReferenceInput>,
];

/** Categories in their order; moves and every change refetch the photobank groups. */
export const CategoryList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'position', order: 'ASC' }} filters={filters} perPage={100}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<ExportOnlyBulkActions />}>
      <ReferenceField source="group_id" reference="photobank-groups" link={false} />
      <TextField source="position" />
      <TextField source="title" />
      <MoveUpButton />
      <MoveDownButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

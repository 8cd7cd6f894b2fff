import { EditButton, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, ExportOnlyBulkActions } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="section" source="section" choices={[{ id: 'investoram', name: 'investoram' }]} />,
];

export const TextPageList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'identifier', order: 'ASC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<ExportOnlyBulkActions />}>
        <TextField source="identifier" />
        <TextField source="section" />
        <TextField source="title" />
        <DateTimeField source="updated_at" />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

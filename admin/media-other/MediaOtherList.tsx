import { EditButton, List, SearchInput, SelectInput, TextField, UrlField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { SourceInput, SourceNameField } from '../common/SourceInput.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SourceInput key="source_id" source="source_id" />,
  <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />,
];

export const MediaOtherList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'public_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <SourceNameField label="resources.media-other.fields.source_id" sortable={false} />
        <UrlField source="url" target="_blank" rel="noreferrer" />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

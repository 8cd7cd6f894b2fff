import { EditButton, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { DateTimeField, GroupedNumberField, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />];

/** News and own media articles: newest first (public_at desc, then id), search, status filter, CSV export. */
export const ArticleList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'public_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <GroupedNumberField source="views" />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

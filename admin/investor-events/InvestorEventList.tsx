import { EditButton, List, SearchInput, SelectInput, TextField } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { DateTimeField, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { ListPagination } from '../common/ListPagination.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [<SearchInput key="q" source="q" alwaysOn />, <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />];

/** The investor calendar's events, latest start first: search by title and place, filter by status. */
export const InvestorEventList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'starts_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <DateTimeField source="starts_at" />
        <DateTimeField source="ends_at" />
        <TextField source="place" />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

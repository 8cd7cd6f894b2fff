import { EditButton, List, SearchInput, SelectField, SelectInput, TextField, TextInput } from 'react-admin';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { choicesOf } from '../common/choices.js';
import { DateTimeField, GroupedNumberField, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const EMPLOYMENT = choicesOf('vacancies', 'employment');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <TextInput key="city" source="city" />,
  <SelectInput key="employment" source="employment" choices={EMPLOYMENT} translateChoice={false} />,
  <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />,
];

/** Vacancies, newest first: search by title and city, filters by city, employment and status. */
export const VacancyList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'public_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <TextField source="city" />
        <GroupedNumberField source="salary_from" />
        <GroupedNumberField source="salary_to" />
        <SelectField source="employment" choices={EMPLOYMENT} translateChoice={false} />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

import { EditButton, FunctionField, List, SearchInput, SelectField, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { ScanChip } from '../common/textLayer.js';
import type { DownloadFile } from '@lib/types.js';
import { choicesOf } from '../common/choices.js';
import { DateTimeField, formatFileSize, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { rules } from '../common/rules.js';
import { NumericInput } from '../inputs/NumericInput.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const CATEGORIES = choicesOf('investor-documents', 'category');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="category" source="category" choices={CATEGORIES} translateChoice={false} />,
  <NumericInput key="year" source="year" validate={rules('investor-documents', 'year')} />,
  <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />,
];

/** The document's file: its name and size in megabytes, and the mark of a scan without a text layer. */
const fileText = (record: RaRecord) => {
  const file = (record.file ?? null) as DownloadFile | null;
  if (!file) return '';
  return (
    <>
      {file.name} · {formatFileSize(file.size)}
      <ScanChip file={file} />
    </>
  );
};

export const InvestorDocumentList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'public_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <SelectField source="category" choices={CATEGORIES} translateChoice={false} />
        <TextField source="year" />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <FunctionField source="file" sortable={false} render={fileText} />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

import { Box } from '@mui/material';
import { FunctionField, List, ReferenceField, SearchInput, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { MoveDownButton, MoveUpButton } from '../buttons/index.js';
import { SafeBulkActions } from '../common/fields.js';
import { choicesOf } from '../common/choices.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ListPagination } from '../common/ListPagination.js';

const LOGO_TYPES = choicesOf('photobank-logos', 'type');

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="category_id" source="category_id" reference="photobank-categories">
    <SelectInput optionText="title" />
  </ReferenceInput>,
  <SelectInput key="type" source="type" choices={LOGO_TYPES} />,
];

const Swatch = ({ record }: { record: RaRecord }) => {
  if (record.type === 'colour') {
    return <Box sx={{ width: 32, height: 32, borderRadius: 1, border: '1px solid #ccc', bgcolor: String(record.hex) }} />;
  }
  const preview = record.preview as string | { src?: string } | null;
  const src = typeof preview === 'string' ? preview : preview?.src;
  return src ? <img src={src} alt={String(record.title ?? '')} style={{ maxHeight: 32, maxWidth: 96 }} /> : null;
};

/** Logos and colours, by category and position; every change refetches the photobank groups. */
export const LogoList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'position', order: 'ASC' }} filters={filters} perPage={50}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
      <ReferenceField source="category_id" reference="photobank-categories" link={false} />
      <TextField source="position" />
      <FunctionField source="preview" sortable={false} render={(record: RaRecord) => <Swatch record={record} />} />
      <TextField source="title" />
      <FunctionField source="type" render={(record: RaRecord) => LOGO_TYPES.find((choice) => choice.id === record.type)?.name ?? String(record.type)} />
      <TextField source="hex" />
      <MoveUpButton />
      <MoveDownButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

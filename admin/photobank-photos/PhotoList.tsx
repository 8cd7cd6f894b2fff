import { FunctionField, List, ReferenceField, SearchInput, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import type { PublicImage } from '@lib/types.js';
import { MoveDownButton, MoveUpButton } from '../buttons/index.js';
import { formatFileSize, SafeBulkActions } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ListPagination } from '../common/ListPagination.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="category_id" source="category_id" reference="photobank-categories">
    <SelectInput optionText="title" />
  </ReferenceInput>,
];

export const PhotoList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'position', order: 'ASC' }} filters={filters} perPage={50}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
      <ReferenceField source="category_id" reference="photobank-categories" link={false} />
      <TextField source="position" />
      <FunctionField
        source="image"
        sortable={false}
        render={(record: RaRecord) => {
          const image = record.image as PublicImage | null;
          return image?.src ? <img src={image.src} alt={image.alt} style={{ maxHeight: 48 }} /> : null;
        }}
      />
      <TextField source="title" />
      <FunctionField source="size" render={(record: RaRecord) => formatFileSize(Number(record.size ?? 0))} />
      <MoveUpButton />
      <MoveDownButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

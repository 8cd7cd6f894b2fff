import { EditButton, FunctionField, List, SearchInput, SelectInput, TextField, UrlField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import type { PublicImage } from '@lib/types.js';
import { ExportOnlyBulkActions } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="active"
    source="active"
    alwaysOn
    choices={[
      { id: 1, name: 'app.filter.active' },
      { id: 0, name: 'app.filter.inactive' },
    ]}
  />,
];

/**
 * Press sources. Removing a source deactivates it on the server; it leaves this list (of active sources by default)
 * only when the server's answer shows `active` 0.
 */
export const MediaSourceList = () => (
  <List pagination={<ListPagination />} sort={{ field: 'name', order: 'ASC' }} filters={filters} filterDefaultValues={{ active: 1 }} perPage={25}>
    <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<ExportOnlyBulkActions />}>
      <TextField source="id" />
      <FunctionField
        source="logo"
        sortable={false}
        render={(record: RaRecord) => {
          const logo = record.logo as PublicImage | null;
          return logo?.src ? <img src={logo.src} alt={String(record.name ?? '')} style={{ maxHeight: 32 }} /> : null;
        }}
      />
      <TextField source="name" />
      <UrlField source="url" target="_blank" rel="noreferrer" />
      <FunctionField source="active" render={(record: RaRecord) => (Number(record.active) === 1 ? '✓' : '—')} />
      <EditButton />
      <RemoveButton />
    </ResponsiveDatagrid>
  </List>
);

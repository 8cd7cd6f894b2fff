import PushPinIcon from '@mui/icons-material/PushPin';
import { Box } from '@mui/material';
import { EditButton, FunctionField, List, SearchInput, SelectInput, TextField, type RaRecord } from 'react-admin';
import { ResponsiveDatagrid } from '../common/ResponsiveDatagrid.js';
import { FixButton, MoveDownButton, MoveUpButton, UnfixButton } from '../buttons/index.js';
import { DateTimeField, PUBLISHED_CHOICES, SafeBulkActions, StatusField } from '../common/fields.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { ListPagination } from '../common/ListPagination.js';
import { useTranslationFilters } from '../translations/TranslationStatusField.js';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="fixed"
    source="fixed"
    choices={[
      { id: 1, name: 'app.filter.fixed' },
      { id: 0, name: 'ra.boolean.false' },
    ]}
  />,
  <SelectInput key="published" source="published" choices={PUBLISHED_CHOICES} />,
];

/**
 * Videos, newest first. Fixed videos carry their order and move up or down among the fixed ones; fix, unfix and
 * moves reload the page the user is on.
 */
export const MediaVideoList = () => {
  const translationFilters = useTranslationFilters();
  return (
    <List pagination={<ListPagination />} sort={{ field: 'public_at', order: 'DESC' }} filters={[...filters, ...translationFilters]} perPage={25}>
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={<SafeBulkActions />}>
        <TextField source="id" />
        <TextField source="title" />
        <DateTimeField source="public_at" />
        <StatusField label="app.filter.published" sortable sortBy="published" />
        <FunctionField
          source="fixed_order"
          render={(record: RaRecord) =>
            Number(record.fixed) === 1 ? (
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid="fixed-order">
                <PushPinIcon fontSize="inherit" color="primary" />
                {String(record.fixed_order ?? '')}
              </Box>
            ) : null
          }
        />
        <FunctionField
          label="resources.media-video.fields.fixed"
          render={() => (
            <>
              <FixButton />
              <UnfixButton />
              <MoveUpButton onlyWhen="fixed" />
              <MoveDownButton onlyWhen="fixed" />
            </>
          )}
        />
        <EditButton />
        <RemoveButton />
      </ResponsiveDatagrid>
    </List>
  );
};

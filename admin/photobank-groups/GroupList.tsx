import { Box, Typography } from '@mui/material';
import { Datagrid, FunctionField, List, ReferenceManyField, TextField, useTranslate, type RaRecord } from 'react-admin';
import { MoveDownButton, MoveUpButton } from '../buttons/index.js';
import { ExportOnlyBulkActions } from '../common/fields.js';

const KindLabel = ({ kind }: { kind: string }) => {
  const translate = useTranslate();
  return <>{translate(`app.photobank.${kind}`)}</>;
};

/** The categories of a group, in their order, with their moves. */
const GroupCategories = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ pl: 4 }}>
      <Typography variant="subtitle2">{translate('resources.photobank-groups.fields.categories')}</Typography>
      <ReferenceManyField
        reference="photobank-categories"
        target="group_id"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={200}
        empty={<Typography variant="body2">{translate('app.photobank.empty')}</Typography>}
      >
        <Datagrid bulkActionButtons={false} rowClick="edit" resource="photobank-categories">
          <TextField source="position" />
          <TextField source="title" />
          <MoveUpButton />
          <MoveDownButton />
        </Datagrid>
      </ReferenceManyField>
    </Box>
  );
};

/** The photobank's groups (logos, photos) in their order; each opens to its categories. */
export const GroupList = () => (
  <List sort={{ field: 'position', order: 'ASC' }} pagination={false} perPage={100}>
    <Datagrid bulkActionButtons={<ExportOnlyBulkActions />} expand={<GroupCategories />} expandSingle={false} rowClick="expand">
      <TextField source="position" />
      <FunctionField source="kind" render={(record: RaRecord) => <KindLabel kind={String(record.kind)} />} />
      <TextField source="title" />
    </Datagrid>
  </List>
);

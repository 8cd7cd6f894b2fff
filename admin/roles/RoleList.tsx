import { Datagrid, FunctionField, List, TextField, type RaRecord } from 'react-admin';
import { addScreenTexts } from '../i18n/index.js';
import { roleMessages } from '../i18n/roles.js';

addScreenTexts(roleMessages);

/** «Роли»: every role, the built-in USER and MANAGER first (marked), each opening its rights. */
export const RoleList = () => (
  <List pagination={false} exporter={false} sort={{ field: 'id', order: 'ASC' }}>
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="title" />
      <TextField source="name" />
      <FunctionField source="builtin" sortable={false} render={(record: RaRecord) => (record.builtin === true ? '✓' : '—')} />
    </Datagrid>
  </List>
);

import { Alert } from '@mui/material';
import {
  Create,
  DeleteButton,
  Edit,
  ListButton,
  maxLength,
  regex,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  TopToolbar,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { ROLE_NAME } from '@lib/resources/rights.js';
import { addScreenTexts } from '../i18n/index.js';
import { roleMessages } from '../i18n/roles.js';
import { PermissionsGrid } from './PermissionsGrid.js';

addScreenTexts(roleMessages);

const nameRules = [required(), regex(ROLE_NAME, 'app.role_grid.name_invalid')];
const titleRules = [required(), maxLength(100)];

/** Saving, and removal of a stored role (a role some account has is refused with the server's 409 message). */
const RoleToolbar = () => {
  const record = useRecordContext();
  return (
    <Toolbar>
      <SaveButton />
      {record?.id !== undefined && <DeleteButton mutationMode="pessimistic" sx={{ ml: 'auto' }} />}
    </Toolbar>
  );
};

/** A new role: its name (kept for good), its title and its rights. */
export const RoleCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<RoleToolbar />} defaultValues={{ permissions: {} }}>
      <TextInput source="name" validate={nameRules} helperText="app.role_grid.name_hint" />
      <TextInput source="title" validate={titleRules} fullWidth />
      <PermissionsGrid />
    </SimpleForm>
  </Create>
);

/** A role's form: a built-in role is shown as it is, with nothing to save or remove. */
const RoleForm = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const builtin = record?.builtin === true;
  return (
    <SimpleForm toolbar={builtin ? false : <RoleToolbar />}>
      {builtin && <Alert severity="info">{translate('app.role_grid.builtin')}</Alert>}
      <TextInput source="name" disabled />
      <TextInput source="title" validate={titleRules} disabled={builtin} fullWidth />
      <PermissionsGrid disabled={builtin} />
    </SimpleForm>
  );
};

/** A role's edit screen (pessimistic: the server may refuse rights beyond the editor's own). */
export const RoleEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    actions={
      <TopToolbar>
        <ListButton />
      </TopToolbar>
    }
  >
    <RoleForm />
  </Edit>
);

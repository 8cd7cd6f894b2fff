import { email, maxLength, minLength, PasswordInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { FlagInput } from '../common/fields.js';

export const ROLE_CHOICES = [
  { id: 'USER', name: 'app.roles.USER' },
  { id: 'MANAGER', name: 'app.roles.MANAGER' },
];

/** Users: the password is only written (8–128 characters); left empty on edit it stays unchanged. */
export const UserForm = ({ creating = false }: { creating?: boolean }) => (
  <SimpleForm defaultValues={{ role: 'USER', active: 1 }}>
    <TextInput source="email" validate={[required(), email()]} fullWidth />
    <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
    <SelectInput source="role" choices={ROLE_CHOICES} validate={required()} />
    <FlagInput source="active" />
    <PasswordInput
      source="password"
      validate={creating ? [required(), minLength(8), maxLength(128)] : [minLength(8), maxLength(128)]}
      autoComplete="new-password"
    />
  </SimpleForm>
);

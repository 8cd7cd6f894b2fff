import { email, maxLength, minLength, PasswordInput, required, SelectInput, TextInput, type RaRecord } from 'react-admin';
import type { FormProps } from '../common/parts.js';
import { rules } from '../common/rules.js';
import { FlagInput } from '../inputs/FlagInput.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { useRoleChoices } from '../roles/roleChoices.js';

/** An edited user's data without an empty password: left empty on edit, the password stays unchanged. */
export function withoutEmptyPassword(data: RaRecord): RaRecord {
  const { password, ...rest } = data;
  return typeof password === 'string' && password !== '' ? { ...rest, password } : rest;
}

/**
 * Users: the password is only written (8–128 characters, the account rules of the server's users routes); left
 * empty on edit it stays unchanged. The role is USER, MANAGER or one a MANAGER added («Роли»), by its title.
 */
export const UserForm = ({ editing }: FormProps) => {
  const roles = useRoleChoices();
  return (
    <ResourceForm defaultValues={{ role: 'USER', active: 1 }}>
      <TextInput source="email" validate={[...rules('users', 'email'), email()]} fullWidth />
      <TextInput source="name" validate={rules('users', 'name')} fullWidth />
      <SelectInput source="role" choices={roles} validate={rules('users', 'role')} translateChoice={false} />
      <FlagInput source="active" />
      <PasswordInput
        source="password"
        validate={editing ? [minLength(8), maxLength(128)] : [required(), minLength(8), maxLength(128)]}
        autoComplete="new-password"
      />
    </ResourceForm>
  );
};

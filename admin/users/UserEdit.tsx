import { Edit, TopToolbar } from 'react-admin';
import { ResetTwoFactorButton } from '../profile/ResetTwoFactorButton.js';
import { UserForm } from './UserForm.js';

export const UserEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    actions={
      <TopToolbar>
        <ResetTwoFactorButton />
      </TopToolbar>
    }
    transform={(data: Record<string, unknown>) => {
      const { password, ...rest } = data;
      return typeof password === 'string' && password !== '' ? { ...rest, password } : rest;
    }}
  >
    <UserForm />
  </Edit>
);


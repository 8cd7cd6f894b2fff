import { Edit } from 'react-admin';
import { UserForm } from './UserForm.js';

export const UserEdit = () => (
  <Edit
    mutationMode="pessimistic"
    redirect="list"
    transform={(data: Record<string, unknown>) => {
      const { password, ...rest } = data;
      return typeof password === 'string' && password !== '' ? { ...rest, password } : rest;
    }}
  >
    <UserForm />
  </Edit>
);


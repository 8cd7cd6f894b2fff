import { Create } from 'react-admin';
import { UserForm } from './UserForm.js';

export const UserCreate = () => (
  <Create redirect="list">
    <UserForm creating />
  </Create>
);

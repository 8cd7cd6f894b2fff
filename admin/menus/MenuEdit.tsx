import { Edit } from 'react-admin';
import { MenuItemForm } from './MenuItemForm.js';

export const MenuEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <MenuItemForm />
  </Edit>
);

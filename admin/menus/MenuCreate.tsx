import { Create } from 'react-admin';
import { MenuItemForm } from './MenuItemForm.js';

export const MenuCreate = () => (
  <Create redirect="list">
    <MenuItemForm />
  </Create>
);

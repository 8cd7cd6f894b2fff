import { Create } from 'react-admin';
import { CategoryForm } from './CategoryForm.js';

export const CategoryCreate = () => (
  <Create redirect="list">
    <CategoryForm />
  </Create>
);

import { Edit } from 'react-admin';
import { CategoryForm } from './CategoryForm.js';

export const CategoryEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <CategoryForm />
  </Edit>
);

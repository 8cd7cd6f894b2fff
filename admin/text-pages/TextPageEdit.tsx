import { Edit } from 'react-admin';
import { TextPageForm } from './TextPageForm.js';

export const TextPageEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <TextPageForm editing />
  </Edit>
);

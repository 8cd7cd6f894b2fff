import { Edit } from 'react-admin';
import { MediaOtherForm } from './MediaOtherForm.js';

export const MediaOtherEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <MediaOtherForm />
  </Edit>
);

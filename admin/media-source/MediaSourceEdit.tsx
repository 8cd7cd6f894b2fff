import { Edit } from 'react-admin';
import { MediaSourceForm } from './MediaSourceForm.js';

export const MediaSourceEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <MediaSourceForm />
  </Edit>
);

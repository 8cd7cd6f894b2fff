import { Edit } from 'react-admin';
import { PhotoForm } from './PhotoForm.js';

export const PhotoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <PhotoForm />
  </Edit>
);

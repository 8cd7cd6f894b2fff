import { Create } from 'react-admin';
import { PhotoForm } from './PhotoForm.js';

export const PhotoCreate = () => (
  <Create redirect="list">
    <PhotoForm />
  </Create>
);

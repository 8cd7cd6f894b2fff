import { Create } from 'react-admin';
import { MediaSourceForm } from './MediaSourceForm.js';

export const MediaSourceCreate = () => (
  <Create redirect="list">
    <MediaSourceForm />
  </Create>
);

import { Create } from 'react-admin';
import { MediaVideoForm } from './MediaVideoForm.js';

export const MediaVideoCreate = () => (
  <Create redirect="list">
    <MediaVideoForm />
  </Create>
);

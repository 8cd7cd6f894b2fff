import { Create } from 'react-admin';
import { MediaOtherForm } from './MediaOtherForm.js';

export const MediaOtherCreate = () => (
  <Create redirect="list">
    <MediaOtherForm />
  </Create>
);

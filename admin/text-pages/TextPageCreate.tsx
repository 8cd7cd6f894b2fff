import { Create } from 'react-admin';
import { TextPageForm } from './TextPageForm.js';

export const TextPageCreate = () => (
  <Create redirect="list">
    <TextPageForm />
  </Create>
);

import { Create } from 'react-admin';
import { NetworkForm } from './NetworkForm.js';

export const NetworkCreate = () => (
  <Create redirect="list">
    <NetworkForm />
  </Create>
);

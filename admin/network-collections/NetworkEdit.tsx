import { Edit } from 'react-admin';
import { NetworkForm } from './NetworkForm.js';

export const NetworkEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <NetworkForm />
  </Edit>
);

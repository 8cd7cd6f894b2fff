import { Edit } from 'react-admin';
import { LogoForm } from './LogoForm.js';

export const LogoEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <LogoForm />
  </Edit>
);

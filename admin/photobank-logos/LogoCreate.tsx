import { Create } from 'react-admin';
import { LogoForm } from './LogoForm.js';

export const LogoCreate = () => (
  <Create redirect="list">
    <LogoForm />
  </Create>
);

import type { EditParts } from '../common/parts.js';
import { LogoForm } from './LogoForm.js';

const parts: EditParts = {
  form: LogoForm,
};

export default parts;

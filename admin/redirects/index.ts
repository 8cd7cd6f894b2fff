import type { EditParts } from '../common/parts.js';
import { RedirectForm } from './RedirectForm.js';

const parts: EditParts = {
  form: RedirectForm,
};

export default parts;

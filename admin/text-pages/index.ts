import type { EditParts } from '../common/parts.js';
import { TextPageForm } from './TextPageForm.js';

const parts: EditParts = {
  form: TextPageForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { MediaOtherForm } from './MediaOtherForm.js';

const parts: EditParts = {
  form: MediaOtherForm,
};

export default parts;

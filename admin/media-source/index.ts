import type { EditParts } from '../common/parts.js';
import { MediaSourceForm } from './MediaSourceForm.js';

const parts: EditParts = {
  form: MediaSourceForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { PhotoForm } from './PhotoForm.js';

const parts: EditParts = {
  form: PhotoForm,
};

export default parts;

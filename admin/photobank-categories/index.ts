import type { EditParts } from '../common/parts.js';
import { CategoryForm } from './CategoryForm.js';

const parts: EditParts = {
  form: CategoryForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { FolderForm } from './FolderForm.js';

const parts: EditParts = {
  form: FolderForm,
};

export default parts;

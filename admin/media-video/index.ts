import type { EditParts } from '../common/parts.js';
import { MediaVideoForm } from './MediaVideoForm.js';
import { fixActions } from '../buttons/index.js';

const parts: EditParts = {
  form: MediaVideoForm,
  editActions: fixActions,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { NetworkForm } from './NetworkForm.js';

const parts: EditParts = {
  form: NetworkForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { EnquiryForm } from './EnquiryForm.js';

const parts: EditParts = {
  form: EnquiryForm,
};

export default parts;

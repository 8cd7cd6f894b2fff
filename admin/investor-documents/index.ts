import type { EditParts } from '../common/parts.js';
import { InvestorDocumentForm } from './InvestorDocumentForm.js';

const parts: EditParts = {
  form: InvestorDocumentForm,
};

export default parts;

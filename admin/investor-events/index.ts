import type { EditParts } from '../common/parts.js';
import { InvestorEventForm } from './InvestorEventForm.js';

const parts: EditParts = {
  form: InvestorEventForm,
};

export default parts;

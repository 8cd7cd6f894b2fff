import type { EditParts } from '../common/parts.js';
import { VacancyForm } from './VacancyForm.js';

const parts: EditParts = {
  form: VacancyForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { MenuItemForm } from './MenuItemForm.js';

const parts: EditParts = {
  form: MenuItemForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { ArticleForm } from '../articles/ArticleForm.js';

const parts: EditParts = {
  form: ArticleForm,
};

export default parts;

import type { EditParts } from '../common/parts.js';
import { TopicForm } from './TopicForm.js';

const parts: EditParts = {
  form: TopicForm,
};

export default parts;

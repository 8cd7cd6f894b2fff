import { TextInput } from 'react-admin';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';
import { NumericInput } from '../inputs/NumericInput.js';

/** A topic of the feedback form and its place in the list. */
export const TopicForm = () => (
  <ResourceForm defaultValues={{ position: 1 }}>
    <TextInput source="title" validate={rules('enquiry-topics', 'title')} fullWidth />
    <NumericInput source="position" validate={rules('enquiry-topics', 'position')} />
  </ResourceForm>
);

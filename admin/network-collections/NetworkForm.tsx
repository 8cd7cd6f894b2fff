import { TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { NumericInput } from '../inputs/NumericInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

export const NetworkForm = () => (
  <ResourceForm defaultValues={{ position: 1 }}>
    <TextInput source="title" validate={rules('network-collections', 'title')} fullWidth />
    <TextInput source="url" validate={rules('network-collections', 'url')} fullWidth />
    <TextInput source="icon" validate={rules('network-collections', 'icon')} />
    <NumericInput source="position" validate={rules('network-collections', 'position')} />
  </ResourceForm>
);

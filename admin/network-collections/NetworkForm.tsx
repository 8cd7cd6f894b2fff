import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { NumericInput } from '../inputs/NumericInput.js';

export const NetworkForm = () => (
  <SimpleForm defaultValues={{ position: 1 }}>
    <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
    <TextInput source="url" validate={[required(), maxLength(500)]} fullWidth />
    <TextInput source="icon" validate={maxLength(100)} />
    <NumericInput source="position" validate={required()} />
  </SimpleForm>
);

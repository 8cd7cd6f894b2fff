import { SimpleForm, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';

export const RedirectForm = () => (
  <SimpleForm>
    <TextInput source="from_path" validate={rules('redirects', 'from_path')} fullWidth helperText="app.redirects.from_help" />
    <TextInput source="to_path" validate={rules('redirects', 'to_path')} fullWidth helperText="app.redirects.to_help" />
  </SimpleForm>
);

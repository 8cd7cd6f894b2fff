import { TextInput } from 'react-admin';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';

export const RedirectForm = () => (
  <ResourceForm>
    <TextInput source="from_path" validate={rules('redirects', 'from_path')} fullWidth helperText="app.redirects.from_help" />
    <TextInput source="to_path" validate={rules('redirects', 'to_path')} fullWidth helperText="app.redirects.to_help" />
  </ResourceForm>
);

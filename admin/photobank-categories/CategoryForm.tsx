import { SelectInput, SimpleForm, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';

export const CategoryForm = () => (
  <SimpleForm>
    <ReferenceInput source="group_id" reference="photobank-groups" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={rules('photobank-categories', 'group_id')} />
    </ReferenceInput>
    <TextInput source="title" validate={rules('photobank-categories', 'title')} fullWidth />
  </SimpleForm>
);

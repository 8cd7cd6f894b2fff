import { SelectInput, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

export const CategoryForm = () => (
  <ResourceForm>
    <ReferenceInput source="group_id" reference="photobank-groups" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={rules('photobank-categories', 'group_id')} />
    </ReferenceInput>
    <TextInput source="title" validate={rules('photobank-categories', 'title')} fullWidth />
  </ResourceForm>
);

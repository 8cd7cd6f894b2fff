import { maxLength, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';

export const CategoryForm = () => (
  <SimpleForm>
    <ReferenceInput source="group_id" reference="photobank-groups" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={required()} />
    </ReferenceInput>
    <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
  </SimpleForm>
);

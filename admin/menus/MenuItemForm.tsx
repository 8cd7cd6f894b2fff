import { FormDataConsumer, maxLength, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { NumericInput } from '../inputs/NumericInput.js';
import { MENU_KIND_CHOICES } from './kinds.js';

/** A menu item: its menu (kind), its parent within that menu (none for a top-level item), title, link and order. */
export const MenuItemForm = () => (
  <SimpleForm defaultValues={{ kind: 'main', position: 1 }}>
    <SelectInput source="kind" choices={MENU_KIND_CHOICES} validate={required()} />
    <FormDataConsumer<{ kind?: string }>>
      {({ formData }) => (
        <ReferenceInput source="parent_id" reference="menus" filter={{ kind: formData.kind }} sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="title" emptyText="app.menus.top_level" />
        </ReferenceInput>
      )}
    </FormDataConsumer>
    <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
    <TextInput source="url" validate={[required(), maxLength(500)]} fullWidth />
    <NumericInput source="position" validate={required()} />
  </SimpleForm>
);

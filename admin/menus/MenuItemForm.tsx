import { FormDataConsumer, SelectInput, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { NumericInput } from '../inputs/NumericInput.js';
import { MENU_KIND_CHOICES } from './kinds.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

/** A menu item: its menu (kind), its parent within that menu (none for a top-level item), title, link and order. */
export const MenuItemForm = () => (
  <ResourceForm defaultValues={{ kind: 'main', position: 1 }}>
    <SelectInput source="kind" choices={MENU_KIND_CHOICES} validate={rules('menus', 'kind')} />
    <FormDataConsumer<{ kind?: string }>>
      {({ formData }) => (
        <ReferenceInput source="parent_id" reference="menus" filter={{ kind: formData.kind }} sort={{ field: 'position', order: 'ASC' }}>
          <SelectInput optionText="title" emptyText="app.menus.top_level" validate={rules('menus', 'parent_id')} />
        </ReferenceInput>
      )}
    </FormDataConsumer>
    <TextInput source="title" validate={rules('menus', 'title')} fullWidth />
    <TextInput source="url" validate={rules('menus', 'url')} fullWidth />
    <NumericInput source="position" validate={rules('menus', 'position')} />
  </ResourceForm>
);

import { SelectInput, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';

/** A folder: its name (unique among its siblings) and the folder it is in (none: the library's root). */
export const FolderForm = () => (
  <ResourceForm>
    <TextInput source="name" validate={rules('asset-folders', 'name')} fullWidth />
    <ReferenceInput source="parent_id" reference="asset-folders" sort={{ field: 'name', order: 'ASC' }} perPage={500}>
      <SelectInput optionText="name" emptyText="app.assets.folders.root" />
    </ReferenceInput>
  </ResourceForm>
);

import { SelectInput, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ResourceForm } from '../common/ResourceForm.js';
import type { FormProps } from '../common/parts.js';
import { CategoryPhotoUpload } from '../photobank-photos/CategoryPhotoUpload.js';

/** A photobank category; a stored photo category also takes many photos in one drop. */
export const CategoryForm = ({ editing }: FormProps) => (
  <ResourceForm>
    <ReferenceInput source="group_id" reference="photobank-groups" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={rules('photobank-categories', 'group_id')} />
    </ReferenceInput>
    <TextInput source="title" validate={rules('photobank-categories', 'title')} fullWidth />
    {editing ? <CategoryPhotoUpload /> : null}
  </ResourceForm>
);

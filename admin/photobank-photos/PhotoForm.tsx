import { SelectInput, TextInput } from 'react-admin';
import { rules } from '../common/rules.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';
import { ReferenceInput } from '../inputs/ReferenceInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

export const PhotoForm = () => (
  <ResourceForm>
    <ReferenceInput source="category_id" reference="photobank-categories" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={rules('photobank-photos', 'category_id')} />
    </ReferenceInput>
    <TextInput source="title" validate={rules('photobank-photos', 'title')} fullWidth />
    <ImageUploadInput source="image" altSource="image_alt" validate={rules('photobank-photos', 'image')} altValidate={rules('photobank-photos', 'image_alt')} />
  </ResourceForm>
);

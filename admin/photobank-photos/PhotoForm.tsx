import { maxLength, ReferenceInput, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';

export const PhotoForm = () => (
  <SimpleForm>
    <ReferenceInput source="category_id" reference="photobank-categories" sort={{ field: 'position', order: 'ASC' }}>
      <SelectInput optionText="title" validate={required()} />
    </ReferenceInput>
    <TextInput source="title" validate={[required(), maxLength(200)]} fullWidth />
    <ImageUploadInput source="image" altSource="image_alt" />
  </SimpleForm>
);

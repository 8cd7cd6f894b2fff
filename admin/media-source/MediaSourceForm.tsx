import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { FlagInput } from '../common/fields.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';

/** Sources are multipart: the logo travels as the `logo` file part. */
export const MediaSourceForm = () => (
  <SimpleForm defaultValues={{ active: 1 }}>
    <TextInput source="name" validate={[required(), maxLength(200)]} fullWidth />
    <TextInput source="url" fullWidth />
    <ImageUploadInput source="logo" altSource={null} />
    <FlagInput source="active" />
  </SimpleForm>
);

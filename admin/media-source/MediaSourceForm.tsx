import { TextInput } from 'react-admin';
import { FlagInput } from '../inputs/FlagInput.js';
import { rules } from '../common/rules.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

/** Sources are multipart: the logo travels as the `logo` file part. */
export const MediaSourceForm = () => (
  <ResourceForm defaultValues={{ active: 1 }}>
    <TextInput source="name" validate={rules('media-source', 'name')} fullWidth />
    <TextInput source="url" validate={rules('media-source', 'url')} fullWidth />
    <ImageUploadInput source="logo" altSource={null} validate={rules('media-source', 'logo')} />
    <FlagInput source="active" />
  </ResourceForm>
);

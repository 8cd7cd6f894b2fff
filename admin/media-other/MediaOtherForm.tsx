import { maxLength, required, SimpleForm, TextInput } from 'react-admin';
import { FlagInput } from '../common/fields.js';
import { SourceInput } from '../common/SourceInput.js';
import { PublicAtInput } from '../inputs/PublicAtInput.js';

const url = (value: unknown) =>
  typeof value === 'string' && value !== '' && !/^https?:\/\//i.test(value) ? 'ra.validation.regex' : undefined;

export const MediaOtherForm = () => (
  <SimpleForm defaultValues={() => ({ published: 1, public_at: new Date().toISOString() })}>
    <TextInput source="title" validate={[required(), maxLength(300)]} fullWidth />
    <SourceInput source="source_id" />
    <TextInput source="url" validate={[required(), url]} fullWidth />
    <TextInput source="lead" multiline minRows={2} fullWidth validate={maxLength(1000)} />
    <PublicAtInput source="public_at" />
    <FlagInput source="published" />
  </SimpleForm>
);

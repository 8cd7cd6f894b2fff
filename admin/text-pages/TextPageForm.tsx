import { maxLength, regex, required, SelectInput, SimpleForm, TextInput } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';

const identifierRule = regex(/^[a-z0-9-]+$/, 'ra.validation.regex');

/** Text pages are addressed by identifier (`/{identifier}` or `/investoram/{identifier}`). */
export const TextPageForm = ({ editing = false }: { editing?: boolean }) => (
  <SimpleForm>
    <TextInput source="identifier" validate={[required(), identifierRule, maxLength(200)]} disabled={editing} fullWidth />
    <SelectInput source="section" choices={[{ id: 'investoram', name: 'investoram' }]} emptyText="—" />
    <TextInput source="title" validate={[required(), maxLength(300)]} fullWidth />
    <RichTextInput source="content" fullWidth />
    <TextInput source="seo_title" fullWidth validate={maxLength(300)} />
    <TextInput source="seo_description" multiline fullWidth validate={maxLength(1000)} />
  </SimpleForm>
);

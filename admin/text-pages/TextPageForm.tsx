import { SelectInput, TextInput } from 'react-admin';
import { RichTextInput } from '../inputs/RichTextInput.js';

import { choicesOf } from '../common/choices.js';
import type { FormProps } from '../common/parts.js';
import { rules } from '../common/rules.js';
import { ResourceForm } from '../common/ResourceForm.js';

/** Text pages are addressed by identifier (`/{identifier}` or `/investoram/{identifier}`). */
export const TextPageForm = ({ editing }: FormProps) => (
  <ResourceForm>
    <TextInput source="identifier" validate={rules('text-pages', 'identifier')} disabled={editing} fullWidth />
    <SelectInput source="section" choices={choicesOf('text-pages', 'section')} validate={rules('text-pages', 'section')} emptyText="—" />
    <TextInput source="title" validate={rules('text-pages', 'title')} fullWidth />
    <RichTextInput source="content" validate={rules('text-pages', 'content')} fullWidth />
    <SelectInput source="form" choices={choicesOf('text-pages', 'form')} validate={rules('text-pages', 'form')} emptyText="—" />
    <TextInput source="seo_title" fullWidth validate={rules('text-pages', 'seo_title')} />
    <TextInput source="seo_description" multiline fullWidth validate={rules('text-pages', 'seo_description')} />
  </ResourceForm>
);

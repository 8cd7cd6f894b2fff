import { TextInput } from 'react-admin';
import { FlagInput } from '../inputs/FlagInput.js';
import { rules } from '../common/rules.js';
import { SourceInput } from '../common/SourceInput.js';
import { PublicAtInput, UnpublishAtInput } from '../inputs/PublicAtInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

export const MediaOtherForm = () => (
  <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString() })}>
    <TextInput source="title" validate={rules('media-other', 'title')} fullWidth />
    <SourceInput source="source_id" />
    <TextInput source="url" validate={rules('media-other', 'url')} fullWidth />
    <TextInput source="lead" multiline minRows={2} fullWidth validate={rules('media-other', 'lead')} />
    <PublicAtInput source="public_at" validate={rules('media-other', 'public_at')} />
    <UnpublishAtInput validate={rules('media-other', 'unpublish_at')} />
    <FlagInput source="published" />
  </ResourceForm>
);

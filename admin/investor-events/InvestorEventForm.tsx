import { TextInput } from 'react-admin';
import type { FormProps } from '../common/parts.js';
import { ResourceForm } from '../common/ResourceForm.js';
import { rules } from '../common/rules.js';
import { FlagInput } from '../inputs/FlagInput.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';
import { PublicAtInput } from '../inputs/PublicAtInput.js';
import { RichTextInput } from '../inputs/RichTextInput.js';

/**
 * An event of the investor calendar: its title, its start and (optionally) its end, which may not come before the
 * start, its place, description and picture (sent as a file part, removed on edit); published at `public_at` like
 * any item.
 */
export const InvestorEventForm = ({ editing }: FormProps) => (
  <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString() })}>
    <TextInput source="title" validate={rules('investor-events', 'title')} fullWidth />
    <TextInput source="slug" validate={rules('investor-events', 'slug')} fullWidth />
    <PublicAtInput source="starts_at" validate={rules('investor-events', 'starts_at')} />
    <PublicAtInput source="ends_at" validate={rules('investor-events', 'ends_at')} />
    <TextInput source="place" validate={rules('investor-events', 'place')} fullWidth />
    <PublicAtInput source="public_at" validate={rules('investor-events', 'public_at')} />
    <FlagInput source="published" />
    <ImageUploadInput removable={editing} validate={rules('investor-events', 'image')} altValidate={rules('investor-events', 'image_alt')} />
    <RichTextInput source="description" fullWidth validate={rules('investor-events', 'description')} />
  </ResourceForm>
);

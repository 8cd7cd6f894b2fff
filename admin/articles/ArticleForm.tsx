import { Typography } from '@mui/material';
import { TextInput, useResourceContext, useTranslate } from 'react-admin';
import { isResourceName, type ResourceName } from '@lib/resources/index.js';
import { FlagInput } from '../inputs/FlagInput.js';
import type { FormProps } from '../common/parts.js';
import { rules } from '../common/rules.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';
import { PublicAtInput, UnpublishAtInput } from '../inputs/PublicAtInput.js';
import { RichTextInput } from '../inputs/RichTextInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

/**
 * The form of news and own media articles (multipart: the image travels as a file part). Both declare the same
 * fields; the limits are read from the resource the form is shown for. A stored image can be removed on edit.
 */
export const ArticleForm = ({ editing }: FormProps) => {
  const current = useResourceContext();
  const resource: ResourceName = current && isResourceName(current) ? current : 'news';
  return (
    <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString() })}>
      <TextInput source="title" validate={rules(resource, 'title')} fullWidth />
      <TextInput source="slug" validate={rules(resource, 'slug')} fullWidth />
      <TextInput source="lead" multiline minRows={2} fullWidth validate={rules(resource, 'lead')} />
      <PublicAtInput source="public_at" validate={rules(resource, 'public_at')} />
      <UnpublishAtInput validate={rules(resource, 'unpublish_at')} />
      <FlagInput source="published" />
      <Section title="app.section.image" />
      <ImageUploadInput
        source="image"
        altSource="image_alt"
        removable={editing}
        validate={rules(resource, 'image')}
        altValidate={rules(resource, 'image_alt')}
      />
      <Section title="app.section.content" />
      <RichTextInput source="content" fullWidth label={false} validate={rules(resource, 'content')} />
      <Section title="app.section.seo" />
      <TextInput source="seo_title" fullWidth validate={rules(resource, 'seo_title')} />
      <TextInput source="seo_description" multiline fullWidth validate={rules(resource, 'seo_description')} />
    </ResourceForm>
  );
};

import { Typography } from '@mui/material';
import { maxLength, required, SimpleForm, TextInput, useTranslate } from 'react-admin';
import { RichTextInput } from 'ra-input-rich-text';
import { FlagInput } from '../common/fields.js';
import { ImageUploadInput } from '../inputs/ImageUploadInput.js';
import { PublicAtInput } from '../inputs/PublicAtInput.js';

const Section = ({ title }: { title: string }) => {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" sx={{ mt: 2 }}>
      {translate(title)}
    </Typography>
  );
};

/** The form of news and own media articles (multipart: the image travels as a file part). */
export const ArticleForm = ({ removableImage = false }: { removableImage?: boolean }) => (
  <SimpleForm defaultValues={() => ({ published: 1, public_at: new Date().toISOString() })}>
    <TextInput source="title" validate={[required(), maxLength(300)]} fullWidth />
    <TextInput source="slug" fullWidth />
    <TextInput source="lead" multiline minRows={2} fullWidth validate={maxLength(1000)} />
    <PublicAtInput source="public_at" />
    <FlagInput source="published" />
    <Section title="app.section.image" />
    <ImageUploadInput source="image" altSource="image_alt" removable={removableImage} />
    <Section title="app.section.content" />
    <RichTextInput source="content" fullWidth label={false} />
    <Section title="app.section.seo" />
    <TextInput source="seo_title" fullWidth validate={maxLength(300)} />
    <TextInput source="seo_description" multiline fullWidth validate={maxLength(1000)} />
  </SimpleForm>
);

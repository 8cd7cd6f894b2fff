import { Box, Typography } from '@mui/material';
import { TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { PublicImage } from '@lib/types.js';
import { FlagInput } from '../inputs/FlagInput.js';
import { rules } from '../common/rules.js';
import { PublicAtInput, UnpublishAtInput } from '../inputs/PublicAtInput.js';
import { ResourceForm } from '../common/ResourceForm.js';

const Preview = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const preview = (record?.preview ?? null) as PublicImage | null;
  if (!preview?.src) return null;
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {translate('resources.media-video.fields.preview')}
      </Typography>
      <Box component="img" src={preview.src} alt={preview.alt ?? ''} sx={{ display: 'block', maxWidth: 320, borderRadius: 1 }} />
    </Box>
  );
};

/** Videos are plain JSON writes; the server takes the preview from the video service. */
export const MediaVideoForm = () => (
  <ResourceForm defaultValues={() => ({ public_at: new Date().toISOString() })}>
    <TextInput source="title" validate={rules('media-video', 'title')} fullWidth />
    <TextInput source="video_url" validate={rules('media-video', 'video_url')} fullWidth />
    <Preview />
    <TextInput source="lead" multiline minRows={2} fullWidth validate={rules('media-video', 'lead')} />
    <PublicAtInput source="public_at" validate={rules('media-video', 'public_at')} />
    <UnpublishAtInput validate={rules('media-video', 'unpublish_at')} />
    <FlagInput source="published" />
  </ResourceForm>
);

import { Box, Typography } from '@mui/material';
import { ImageInput, TextInput, useRecordContext, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { resourceNamed, type FileFormat } from '@lib/resources/index.js';
import type { PublicImage } from '@lib/types.js';
import { RemoveImageButton } from '../buttons/RemoveImageButton.js';
import { UploadProgress } from '../common/uploadProgress.js';
import { FilePreview } from './FilePreview.js';
import { LibraryChoice } from './LibraryChoice.js';

export const IMAGE_ACCEPT = { 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] };
/** The same as a file input's `accept`. */
const IMAGE_EXTENSIONS = Object.values(IMAGE_ACCEPT).flat().join(',');

/** The formats the resource's field takes, as its declaration says. */
function formatsOf(resource: string, source: string): readonly FileFormat[] | undefined {
  const field = resourceNamed(resource)?.fields[source];
  return field && field.kind === 'image' ? field.formats : undefined;
}

function isNewFile(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'rawFile' in value;
}

export interface ImageUploadInputProps {
  source?: string;
  /** The alt text field; none for images without one (source logos). */
  altSource?: string | null;
  /** Offer the server-side removal of the current image (`remove-img`, or a plain REST resource's `PUT` with it null). */
  removable?: boolean;
  /** The image's and the alt text's rules. */
  validate?: Validator[];
  altValidate?: Validator[];
}

/**
 * An image field: the current image with its preview (and a button that removes it on the server), a drop zone for
 * a new file with its own preview and removal, the library's picker, and the alt text.
 */
export const ImageUploadInput = ({ source = 'image', altSource = 'image_alt', removable = false, validate, altValidate }: ImageUploadInputProps) => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const current = (record?.[source] ?? null) as PublicImage | null;
  return (
    <Box sx={{ width: '100%', my: 1 }}>
      {current && current.src ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }} data-testid="current-image">
          <Box>
            <Typography variant="caption" color="text.secondary">
              {translate('app.input.image_current')}
            </Typography>
            <Box component="img" src={current.src} alt={current.alt ?? ''} sx={{ display: 'block', maxWidth: 320, maxHeight: 200, borderRadius: 1 }} />
          </Box>
          {removable ? <RemoveImageButton /> : null}
        </Box>
      ) : null}
      <ImageInput
        source={source}
        accept={IMAGE_ACCEPT}
        format={(value: unknown) => (isNewFile(value) ? value : null)}
        placeholder={<p>{translate('app.input.image_drop')}</p>}
        label={current ? 'app.input.image_new' : undefined}
        validate={validate}
      >
        <FilePreview />
      </ImageInput>
      <LibraryChoice source={source} altSource={altSource} kind="image" accept={IMAGE_EXTENSIONS} formats={formatsOf(resource, source)} />
      <UploadProgress />
      {altSource ? <TextInput source={altSource} validate={altValidate} fullWidth /> : null}
    </Box>
  );
};

import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ImageInput, TextInput, useRecordContext, useTranslate, type Validator } from 'react-admin';
import type { PublicImage } from '@lib/types.js';
import { isAssetReference, type Asset } from '../../dataProvider/index.js';
import { RemoveImageButton } from '../buttons/RemoveImageButton.js';
import { lazyScreen } from '../common/lazyScreen.js';
import { UploadProgress } from '../common/uploadProgress.js';
import { FilePreview } from './FilePreview.js';

/** The library's picker loads the first time an editor opens it (its own chunk). */
const AssetPicker = lazyScreen(async () => (await import('../assets/AssetPicker.js')).AssetPicker, null);

export const IMAGE_ACCEPT = { 'image/*': ['.jpg', '.jpeg', '.png', '.webp', '.gif'] };
/** The same as a file input's `accept`. */
const IMAGE_EXTENSIONS = Object.values(IMAGE_ACCEPT).flat().join(',');

function isNewFile(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'rawFile' in value;
}

export interface ImageUploadInputProps {
  source?: string;
  /** The alt text field; none for images without one (source logos). */
  altSource?: string | null;
  /** Offer the server-side removal (`remove-img`) of the current image. */
  removable?: boolean;
  /** The image's and the alt text's rules. */
  validate?: Validator[];
  altValidate?: Validator[];
}

/**
 * «Выбрать из библиотеки»: the picker sets the field to the chosen asset (`{ asset: id }`, saved as a reference to
 * it) and, when the alt text is empty, fills it with the asset's; the chosen asset's thumbnail shows until saved.
 */
const LibraryChoice = ({ source, altSource }: { source: string; altSource: string | null }) => {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const value: unknown = useWatch({ name: source });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Asset | null>(null);
  const choose = (asset: Asset) => {
    setPicked(asset);
    setValue(source, { asset: asset.id }, { shouldDirty: true, shouldValidate: true });
    if (altSource && !String(getValues(altSource) ?? '').trim()) setValue(altSource, asset.alt, { shouldDirty: true });
  };
  const shown = picked && isAssetReference(value) && value.asset === picked.id ? picked : null;
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" variant="outlined" startIcon={<PermMediaIcon />} onClick={() => setOpen(true)}>
        {translate('app.assets.picker.open')}
      </Button>
      {shown ? (
        <Box data-testid="picked-asset" sx={{ mt: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('app.assets.picker.picked')}: {shown.name}
          </Typography>
          {shown.thumbnail ? (
            <Box component="img" src={shown.thumbnail} alt={shown.alt} sx={{ display: 'block', maxWidth: 320, maxHeight: 200, borderRadius: 1 }} />
          ) : null}
        </Box>
      ) : null}
      {open ? <AssetPicker open onClose={() => setOpen(false)} onPick={choose} kind="image" accept={IMAGE_EXTENSIONS} /> : null}
    </Box>
  );
};

/**
 * An image field: the current image with its preview (and a button that removes it on the server), a drop zone for
 * a new file with its own preview and removal, the library's picker, and the alt text.
 */
export const ImageUploadInput = ({ source = 'image', altSource = 'image_alt', removable = false, validate, altValidate }: ImageUploadInputProps) => {
  const record = useRecordContext();
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
      <LibraryChoice source={source} altSource={altSource} />
      <UploadProgress />
      {altSource ? <TextInput source={altSource} validate={altValidate} fullWidth /> : null}
    </Box>
  );
};

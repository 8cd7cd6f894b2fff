import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import type { FileFormat } from '@lib/resources/index.js';
import { isAssetReference, type Asset } from '../../dataProvider/index.js';
import { lazyScreen } from '../common/lazyScreen.js';

/** The library's picker loads the first time an editor opens it (its own chunk). */
const AssetPicker = lazyScreen(async () => (await import('../assets/AssetPicker.js')).AssetPicker, null);

export interface LibraryChoiceProps {
  /** The image or single-file field. */
  source: string;
  /** The alt text field an empty value of which takes the asset's. */
  altSource?: string | null;
  kind: Asset['kind'];
  /** What the picker's upload offers, as a file input's `accept`. */
  accept?: string;
  /** The formats the field takes (the picker disables the rest). */
  formats?: readonly FileFormat[];
}

/**
 * «Выбрать из библиотеки» beside an image or file field: the picker sets the field to the chosen asset
 * (`{ asset: id }`, saved as a use of it) and, when the alt text is empty, fills it with the asset's; the chosen
 * asset shows (its thumbnail, or its name and size) until the record is saved.
 */
export const LibraryChoice = ({ source, altSource = null, kind, accept, formats }: LibraryChoiceProps) => {
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
            {translate('app.assets.picker.picked')}: {shown.name} · {formatFileSize(shown.size)}
          </Typography>
          {shown.thumbnail ? (
            <Box component="img" src={shown.thumbnail} alt={shown.alt} sx={{ display: 'block', maxWidth: 320, maxHeight: 200, borderRadius: 1 }} />
          ) : null}
        </Box>
      ) : null}
      {open ? <AssetPicker open onClose={() => setOpen(false)} onPick={choose} kind={kind} accept={accept} formats={formats} /> : null}
    </Box>
  );
};

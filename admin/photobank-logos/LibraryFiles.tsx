import CloseIcon from '@mui/icons-material/Close';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import { Box, Button, IconButton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import type { Asset } from '../../dataProvider/index.js';
import { lazyScreen } from '../common/lazyScreen.js';

/** The library's picker loads the first time an editor opens it (its own chunk). */
const AssetPicker = lazyScreen(async () => (await import('../assets/AssetPicker.js')).AssetPicker, null);

/** The form field that lists the library assets added as a logo's files (saved as `file_assets`). */
const SOURCE = 'file_assets';

/**
 * «Выбрать из библиотеки» beside a logo's file drop zone: each asset picked joins the logo's files when it is saved
 * (the server refuses a format a logo does not take); the picked ones show with their name and size until then.
 */
export const LibraryFiles = ({ accept }: { accept: string }) => {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: SOURCE });
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Asset[]>([]);
  const ids = Array.isArray(value) ? (value as number[]) : [];
  const shown = picked.filter((asset) => ids.includes(asset.id));
  const keep = (assets: Asset[]) => {
    setPicked(assets);
    setValue(
      SOURCE,
      assets.map((asset) => asset.id),
      { shouldDirty: true },
    );
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Button size="small" variant="outlined" startIcon={<PermMediaIcon />} onClick={() => setOpen(true)}>
        {translate('app.assets.picker.open')}
      </Button>
      {shown.length > 0 ? (
        <Stack component="ul" aria-label={translate('app.assets.picker.picked')} sx={{ listStyle: 'none', p: 0, mt: 1 }}>
          {shown.map((asset) => (
            <Box component="li" key={asset.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2">
                {asset.name} · {asset.format.toUpperCase()} · {formatFileSize(asset.size)}
              </Typography>
              <IconButton
                size="small"
                aria-label={translate('app.assets.picker.unpick', { name: asset.name })}
                onClick={() => keep(shown.filter((other) => other.id !== asset.id))}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      ) : null}
      {open ? (
        <AssetPicker open onClose={() => setOpen(false)} onPick={(asset) => keep([...shown.filter((other) => other.id !== asset.id), asset])} accept={accept} />
      ) : null}
    </Box>
  );
};

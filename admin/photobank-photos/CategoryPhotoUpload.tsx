import { Box, Button, Typography } from '@mui/material';
import { useCallback } from 'react';
import { Link, useCreatePath, useDataProvider, useGetOne, useRecordContext, useTranslate } from 'react-admin';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';
import { UploadQueue } from '../assets/UploadQueue.js';

const PICTURE_EXTENSIONS = '.jpg,.jpeg,.png,.webp,.gif';

/** A photo's title from its file's name: the name without its extension. */
export const titleOfFile = (name: string): string => name.replace(/\.[^.]+$/, '').trim() || name;

/**
 * A photo category's one-drop upload: every file dropped or chosen goes into the library (a file it holds already
 * is used as it is) and becomes a photo of the category, each with its progress, cancel and, when refused, the
 * server's message; the others go on. Shown on a stored category of a photo group.
 */
export const CategoryPhotoUpload = () => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const category = useRecordContext();
  const { data: group } = useGetOne('photobank-groups', { id: category?.group_id }, { enabled: category?.group_id != null });
  const categoryId = category?.id;
  const place = useCallback(
    async (asset: Asset, file: File) => {
      await dataProvider.create('photobank-photos', { data: { category_id: categoryId, title: titleOfFile(file.name), image: { asset: asset.id } } });
    },
    [dataProvider, categoryId],
  );
  if (categoryId === undefined || group?.kind !== 'photo') return null;
  const photos = `${createPath({ resource: 'photobank-photos', type: 'list' })}?filter=${encodeURIComponent(JSON.stringify({ category_id: categoryId }))}`;
  return (
    <Box component="section" aria-label={translate('app.assets.category_photos.title')} sx={{ width: '100%', mt: 2 }}>
      <Typography variant="subtitle1">{translate('app.assets.category_photos.title')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('app.assets.category_photos.help')}
      </Typography>
      <UploadQueue folderId={null} accept={PICTURE_EXTENSIONS} place={place} />
      <Button component={Link} to={photos} size="small">
        {translate('app.assets.category_photos.list')}
      </Button>
    </Box>
  );
};

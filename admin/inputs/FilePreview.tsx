import { Box } from '@mui/material';
import { useEffect, useState } from 'react';
import { useRecordContext } from 'react-admin';

/**
 * The preview of a newly chosen image, read as a `data:` URL: the site's Content-Security-Policy allows `data:`
 * images but not `blob:` ones, which react-admin's own ImageField would show.
 */
export const FilePreview = () => {
  const file = useRecordContext<{ id?: string; rawFile?: Blob; title?: string }>();
  const [src, setSrc] = useState<string | null>(null);
  const raw = file?.rawFile;
  useEffect(() => {
    if (!raw) return undefined;
    let cancelled = false;
    const reader = new FileReader();
    reader.onload = () => {
      if (!cancelled && typeof reader.result === 'string') setSrc(reader.result);
    };
    reader.readAsDataURL(raw);
    return () => {
      cancelled = true;
    };
  }, [raw]);
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt={file?.title ?? ''}
      data-testid="new-image-preview"
      sx={{ display: 'block', maxWidth: 320, maxHeight: 200, borderRadius: 1, m: 0.5 }}
    />
  );
};

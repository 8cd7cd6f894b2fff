import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import { Box, Card, CardActionArea, Checkbox, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import type { Asset } from '../../dataProvider/index.js';

/** An asset's size (КБ below a megabyte, else МБ) and, for an image, its dimensions. */
export const useAssetFacts = () => {
  const translate = useTranslate();
  return (asset: Asset) =>
    [formatFileSize(asset.size), asset.width && asset.height ? translate('app.assets.grid.dimensions', { width: asset.width, height: asset.height }) : null]
      .filter(Boolean)
      .join(' · ');
};

/** The asset's small picture: its thumbnail, or the format's name on a file icon (documents, SVG without one). */
export const AssetThumbnail = ({ asset, height = 120 }: { asset: Asset; height?: number }) =>
  asset.thumbnail ? (
    <Box
      component="img"
      src={asset.thumbnail}
      alt={asset.alt}
      loading="lazy"
      sx={{ display: 'block', width: '100%', height, objectFit: 'contain', bgcolor: 'grey.100' }}
    />
  ) : (
    <Box sx={{ height, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <InsertDriveFileIcon color="action" fontSize="large" />
      <Typography variant="caption">{asset.format.toUpperCase()}</Typography>
    </Box>
  );

const Caption = ({ asset, children }: { asset: Asset; children?: ReactNode }) => {
  const facts = useAssetFacts();
  return (
    <Box sx={{ p: 1, minWidth: 0 }}>
      <Typography variant="body2" noWrap title={asset.name}>
        {children ?? asset.name}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {facts(asset)}
      </Typography>
    </Box>
  );
};

export interface AssetCardProps {
  asset: Asset;
  /** The library: the name opens the asset, the box selects it. */
  selected?: boolean;
  onToggle?: () => void;
  /** The picker: a click picks it. */
  onPick?: () => void;
  /** The picker: why the field cannot take this asset (it shows, disabled, with the reason). */
  refusal?: string | null;
}

/** One asset of a grid: its thumbnail, name, size and dimensions. */
export const AssetCard = ({ asset, selected = false, onToggle, onPick, refusal = null }: AssetCardProps) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  if (onPick) {
    return (
      <Card component="li" variant="outlined" data-refused={refusal ? 'true' : undefined} sx={refusal ? { opacity: 0.6 } : undefined}>
        <CardActionArea
          onClick={onPick}
          disabled={refusal !== null}
          aria-label={translate('app.assets.picker.pick_named', { name: asset.name })}
          aria-describedby={refusal ? `refusal-${asset.id}` : undefined}
        >
          <AssetThumbnail asset={asset} />
          <Caption asset={asset} />
        </CardActionArea>
        {refusal ? (
          <Typography id={`refusal-${asset.id}`} variant="caption" color="error" sx={{ display: 'block', px: 1, pb: 1 }}>
            {refusal}
          </Typography>
        ) : null}
      </Card>
    );
  }
  return (
    <Card component="li" variant="outlined" sx={{ position: 'relative', outline: selected ? 2 : 0, outlineColor: 'primary.main' }}>
      {onToggle ? (
        <Checkbox
          checked={selected}
          onChange={onToggle}
          inputProps={{ 'aria-label': translate('app.assets.grid.select', { name: asset.name }) }}
          sx={{ position: 'absolute', top: 0, left: 0, bgcolor: 'background.paper', borderRadius: 0, p: 0.5 }}
        />
      ) : null}
      <AssetThumbnail asset={asset} />
      <Caption asset={asset}>
        <Link to={createPath({ resource: 'assets', id: asset.id, type: 'edit' })}>{asset.name}</Link>
      </Caption>
    </Card>
  );
};

/** Assets as a grid of cards. */
export const AssetGrid = ({ children, label }: { children: ReactNode; label?: string }) => (
  <Box
    component="ul"
    aria-label={label}
    sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 2, listStyle: 'none', p: 0, m: 0 }}
  >
    {children}
  </Box>
);

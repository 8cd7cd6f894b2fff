import { Dialog, DialogActions, DialogContent, DialogTitle, Button, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { acceptedFormatsText, type FileFormat } from '@lib/resources/index.js';
import type { Asset } from '../../dataProvider/index.js';
import { AssetCard, AssetGrid } from './AssetCard.js';
import { FolderBrowser, folderIdOf, type FolderPath } from './folders.js';
import { UploadQueue, type UploadQueueProps } from './UploadQueue.js';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;
const PICKER_PAGE = { page: 1, perPage: 48 };
const NEWEST_FIRST = { field: 'created_at', order: 'DESC' as const };

export interface AssetPickerProps {
  open: boolean;
  onClose: () => void;
  /** The chosen asset: one of the library, or one just uploaded (or its duplicate already there). */
  onPick: (asset: Asset) => void;
  /** Only images (cover fields) or only documents; every asset when absent. */
  kind?: Asset['kind'];
  /** What the upload queue's file picker offers. */
  accept?: UploadQueueProps['accept'];
  /** The formats the field takes: other assets show disabled, with the reason. Every format when absent. */
  formats?: readonly FileFormat[];
}

/**
 * The library's picker (cover fields, and later documents and the rich-text editor): browse the folders, search the
 * whole library by name, alt text or folder, and pick one asset — or upload new files into the open folder and pick
 * one of them. Assets the field cannot take (an SVG logo for a JPG/PNG cover) show disabled, saying what it takes.
 */
export const AssetPicker = ({ open, onClose, onPick, kind, accept, formats }: AssetPickerProps) => {
  const translate = useTranslate();
  const [path, setPath] = useState<FolderPath>([]);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // A search looks in the whole library; otherwise the open folder's own assets show.
  const filter = { ...(search ? { q: search } : { folder_id: folderIdOf(path) }), ...(kind ? { kind } : {}) };
  const { data = [], isPending } = useGetList<Asset>('assets', { filter, sort: NEWEST_FIRST, pagination: PICKER_PAGE }, { enabled: open });
  const refusalOf = (asset: Asset) => (formats && !formats.includes(asset.format as FileFormat) ? acceptedFormatsText(formats) : null);
  const pick = (asset: Asset) => {
    if (refusalOf(asset)) return;
    onPick(asset);
    onClose();
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="asset-picker-title">
      <DialogTitle id="asset-picker-title">{translate('app.assets.picker.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <TextField
            type="search"
            size="small"
            label={translate('app.assets.picker.search')}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          {search ? null : <FolderBrowser path={path} onOpen={setPath} />}
          <UploadQueue folderId={folderIdOf(path)} accept={accept} onUse={pick} useLabel="app.assets.picker.pick" />
          {!isPending && data.length === 0 ? (
            <Typography color="text.secondary">{translate(search ? 'app.assets.picker.nothing' : 'app.assets.grid.empty')}</Typography>
          ) : (
            <AssetGrid label={translate('app.assets.title')}>
              {data.map((asset) => (
                <AssetCard key={asset.id} asset={asset} onPick={() => pick(asset)} refusal={refusalOf(asset)} />
              ))}
            </AssetGrid>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
      </DialogActions>
    </Dialog>
  );
};

import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { DateInput, List, SearchInput, SelectInput, useDataProvider, useListContext, useNotify, useRedirect, useStore, useTranslate } from 'react-admin';
import { ListPagination } from '../common/ListPagination.js';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';
import { AssetCard, AssetGrid } from './AssetCard.js';
import { FolderActions, FolderBrowser, FolderChooser, folderIdOf, type FolderPath } from './folders.js';
import { UploadQueue } from './UploadQueue.js';

export const KIND_CHOICES = [
  { id: 'image', name: 'app.assets.kinds.image' },
  { id: 'document', name: 'app.assets.kinds.document' },
];

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="kind" source="kind" choices={KIND_CHOICES} alwaysOn />,
  <DateInput key="created_from" source="created_from" alwaysOn />,
  <DateInput key="created_to" source="created_to" alwaysOn />,
];

/** The selection's «Переместить в папку…»: a folder chosen in the tree, then one request for every selected asset. */
const MoveSelected = ({ path }: { path: FolderPath }) => {
  const { selectedIds, onUnselectItems } = useListContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [choosing, setChoosing] = useState(false);
  const move = async (target: FolderPath) => {
    setChoosing(false);
    try {
      const { data } = await dataProvider.moveAssets('assets', { ids: selectedIds, folderId: folderIdOf(target) });
      notify('app.assets.move.done', { type: 'success', messageArgs: { smart_count: data.moved } });
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    }
  };
  if (selectedIds.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 2 }}>
      <Typography variant="body2">{translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}</Typography>
      <Button size="small" startIcon={<DriveFileMoveIcon />} onClick={() => setChoosing(true)}>
        {translate('app.assets.move.button')}
      </Button>
      <Button size="small" onClick={() => onUnselectItems()}>
        {translate('ra.action.unselect')}
      </Button>
      {choosing ? <FolderChooser initial={path} onChoose={(target) => void move(target)} onClose={() => setChoosing(false)} /> : null}
    </Paper>
  );
};

/** The open folder's place, its folders, the upload queue into it, and its assets as a grid. */
const LibraryBody = ({ path, showingAll, open, showAll }: { path: FolderPath; showingAll: boolean; open: (path: FolderPath) => void; showAll: () => void }) => {
  const { data = [], selectedIds, onToggleItem, isPending, setPage, onUnselectItems } = useListContext<Asset>();
  const translate = useTranslate();
  const redirect = useRedirect();
  const go = (action: () => void) => {
    onUnselectItems();
    setPage(1);
    action();
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <FolderBrowser path={path} onOpen={(target) => go(() => open(target))} onAll={() => go(showAll)} showingAll={showingAll} />
      {showingAll ? null : <FolderActions path={path} onOpen={(target) => go(() => open(target))} />}
      {/* A file already in the library: «использовать его» opens that asset. */}
      <UploadQueue folderId={showingAll ? null : folderIdOf(path)} onUse={(found) => redirect('edit', 'assets', found.id)} />
      <MoveSelected path={path} />
      {!isPending && data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.assets.grid.empty')}</Typography>
      ) : (
        <AssetGrid label={translate('app.assets.title')}>
          {data.map((asset) => (
            <AssetCard key={asset.id} asset={asset} selected={selectedIds.includes(asset.id)} onToggle={() => onToggleItem(asset.id)} />
          ))}
        </AssetGrid>
      )}
      <Box />
    </Stack>
  );
};

/**
 * The media library: folders (nested, opened from the path and the folder chips), the open folder's assets as
 * thumbnails, newest first, searchable and filtered by type and upload date; «Все файлы» shows the whole library.
 * Files dropped, pasted or chosen go into the open folder.
 */
export const AssetLibrary = () => {
  const [path, setPath] = useStore<FolderPath>('assets.library.path', []);
  const [showingAll, setShowingAll] = useStore<boolean>('assets.library.all', false);
  // The folder is the list's permanent filter: `folder_id` null lists the root's own assets, absent the whole library.
  const folderFilter = showingAll ? {} : { folder_id: folderIdOf(path) };
  return (
    <List
      title="app.assets.title"
      filter={folderFilter}
      filters={filters}
      actions={false}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={48}
      pagination={<ListPagination rowsPerPageOptions={[24, 48, 96]} />}
    >
      <LibraryBody
        path={path}
        showingAll={showingAll}
        open={(target) => {
          setShowingAll(false);
          setPath([...target]);
        }}
        showAll={() => setShowingAll(true)}
      />
    </List>
  );
};

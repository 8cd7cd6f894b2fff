import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import { Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, HttpError, ListBase, Title, useDataProvider, useListContext, useCreatePath, useNotify, useStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { ASSET_KINDS } from '@lib/resources/index.js';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';
import { DateFilterField } from '../inputs/DateFilterField.js';
import { AssetCard, AssetGrid } from './AssetCard.js';
import { FolderActions, FolderBrowser, FolderChooser, folderIdOf, type FolderPath } from './folders.js';
import { UploadQueue } from './UploadQueue.js';

const KIND_CHOICES = ASSET_KINDS.map((kind) => ({ id: kind.id, name: `app.assets.kinds.${kind.id}` }));

/** The filters' current value as text ('' when unset). */
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The search box and the filters by type and upload date. Plain inputs rather than react-admin's filter form: the
 * library shares none of the tables' list code, so opening it loads none of it (and the tables do not get heavier).
 */
const LibraryFilters = () => {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const translate = useTranslate();
  const values = filterValues as Record<string, unknown>;
  const [search, setSearch] = useState(textOf(values.q));
  /** Sets one filter ('' removes it); typed text waits for a pause before the list asks the server. */
  const set = (name: string, value: string, debounce = false) => {
    const next = Object.fromEntries(Object.entries({ ...values, [name]: value }).filter(([, kept]) => kept !== ''));
    setFilters(next, displayedFilters, debounce);
  };
  const dateField = (name: 'created_from' | 'created_to') => (
    <DateFilterField label={translate(`app.assets.filters.${name}`)} value={textOf(values[name])} onChange={(day) => set(name, day)} />
  );
  return (
    <Stack direction="row" gap={2} flexWrap="wrap" role="search">
      <TextField
        type="search"
        size="small"
        label={translate('app.assets.filters.q')}
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          set('q', event.target.value, true);
        }}
      />
      <TextField
        select
        size="small"
        label={translate('app.assets.filters.kind')}
        value={textOf(values.kind)}
        onChange={(event) => set('kind', event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{translate('app.assets.kinds.all')}</option>
        {KIND_CHOICES.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {translate(choice.name)}
          </option>
        ))}
      </TextField>
      {dateField('created_from')}
      {dateField('created_to')}
    </Stack>
  );
};

/** «1–48 из 230» and the previous and next pages. */
const LibraryPages = () => {
  const { page, perPage, total, setPage } = useListContext();
  const translate = useTranslate();
  if (!total) return null;
  const last = Math.max(1, Math.ceil(total / perPage));
  return (
    <Stack direction="row" alignItems="center" gap={2}>
      <Typography variant="body2">
        {translate('ra.navigation.page_range_info', { offsetBegin: (page - 1) * perPage + 1, offsetEnd: Math.min(total, page * perPage), total })}
      </Typography>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        {translate('ra.navigation.previous')}
      </Button>
      <Button size="small" disabled={page >= last} onClick={() => setPage(page + 1)}>
        {translate('ra.navigation.next')}
      </Button>
    </Stack>
  );
};

/**
 * The page's selection: «Выбрать все» (the assets on the page), then «Переместить в папку…» (a folder chosen in the
 * tree, one request for them all) or «Удалить» (after a confirmation, one by one; a file records use stays, named
 * in the notice, to be removed from its own screen, which lists its uses).
 */
const SelectionBar = ({ path }: { path: FolderPath }) => {
  const { data = [], selectedIds, onSelect, onUnselectItems } = useListContext<Asset>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notify = useNotify();
  const translate = useTranslate();
  const [choosing, setChoosing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const move = async (target: FolderPath) => {
    setChoosing(false);
    try {
      const { data: moved } = await dataProvider.moveAssets('assets', { ids: selectedIds, folderId: folderIdOf(target) });
      notify('app.assets.move.done', { type: 'success', messageArgs: { smart_count: moved.moved } });
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    }
  };
  const remove = async () => {
    setBusy(true);
    const used: string[] = [];
    let removed = 0;
    try {
      for (const asset of data.filter((shown) => selectedIds.includes(shown.id))) {
        try {
          await dataProvider.delete('assets', { id: asset.id, previousData: asset });
          removed += 1;
        } catch (error) {
          if (!(error instanceof HttpError) || error.status !== 409) throw error;
          used.push(asset.name);
        }
      }
      if (used.length) notify('app.assets.bulk.kept_used', { type: 'warning', messageArgs: { smart_count: removed, names: used.join(', ') } });
      else notify('app.assets.bulk.removed', { type: 'info', messageArgs: { smart_count: removed } });
      onUnselectItems();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'warning' });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  if (data.length === 0) return null;
  const all = data.every((asset) => selectedIds.includes(asset.id));
  return (
    <Paper variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<SelectAllIcon />} disabled={all} onClick={() => onSelect(data.map((asset) => asset.id))}>
        {translate('app.assets.bulk.select_all')}
      </Button>
      {selectedIds.length === 0 ? null : (
        <>
          <Typography variant="body2">{translate('ra.action.bulk_actions', { smart_count: selectedIds.length })}</Typography>
          <Button size="small" startIcon={<DriveFileMoveIcon />} onClick={() => setChoosing(true)}>
            {translate('app.assets.move.button')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirming(true)}>
            {translate('app.assets.bulk.remove')}
          </Button>
          <Button size="small" onClick={() => onUnselectItems()}>
            {translate('ra.action.unselect')}
          </Button>
        </>
      )}
      {choosing ? <FolderChooser initial={path} onChoose={(target) => void move(target)} onClose={() => setChoosing(false)} /> : null}
      <Confirm
        isOpen={confirming}
        loading={busy}
        title="app.assets.bulk.remove"
        content={translate('app.assets.bulk.remove_confirm', { smart_count: selectedIds.length })}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
};

/** The open folder's place, its folders, the upload queue into it, and its assets as a grid. */
const LibraryBody = ({ path, showingAll, open, showAll }: { path: FolderPath; showingAll: boolean; open: (path: FolderPath) => void; showAll: () => void }) => {
  const { data = [], selectedIds, onToggleItem, isPending, setPage, onUnselectItems } = useListContext<Asset>();
  const translate = useTranslate();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const go = (action: () => void) => {
    onUnselectItems();
    setPage(1);
    action();
  };
  return (
    <Stack spacing={2}>
      <LibraryFilters />
      <FolderBrowser path={path} onOpen={(target) => go(() => open(target))} onAll={() => go(showAll)} showingAll={showingAll} />
      {showingAll ? null : <FolderActions path={path} onOpen={(target) => go(() => open(target))} />}
      {/* A file already in the library: «использовать его» opens that asset. */}
      <UploadQueue
        folderId={showingAll ? null : folderIdOf(path)}
        onUse={(found) => navigate(createPath({ resource: 'assets', id: found.id, type: 'edit' }))}
      />
      <SelectionBar path={path} />
      {!isPending && data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.assets.grid.empty')}</Typography>
      ) : (
        <AssetGrid label={translate('app.assets.title')}>
          {data.map((asset) => (
            <AssetCard key={asset.id} asset={asset} selected={selectedIds.includes(asset.id)} onToggle={() => onToggleItem(asset.id)} />
          ))}
        </AssetGrid>
      )}
      <LibraryPages />
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
    <ListBase filter={folderFilter} sort={{ field: 'created_at', order: 'DESC' }} perPage={48}>
      <Title title="app.assets.title" />
      <Paper sx={{ p: 2, mt: 1 }}>
        <LibraryBody
          path={path}
          showingAll={showingAll}
          open={(target) => {
            setShowingAll(false);
            setPath([...target]);
          }}
          showAll={() => setShowingAll(true)}
        />
      </Paper>
    </ListBase>
  );
};

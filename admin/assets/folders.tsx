import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderIcon from '@mui/icons-material/Folder';
import { Box, Breadcrumbs, Button, Dialog, DialogActions, DialogContent, DialogTitle, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { rules } from '../common/rules.js';

/** A folder of the library as the path to the current one keeps it. */
export interface FolderStep {
  id: number;
  name: string;
  version?: number;
}

/** The folders from the root down to the open one; empty at the library's root. */
export type FolderPath = readonly FolderStep[];

/** The open folder's id; null at the root. */
export const folderIdOf = (path: FolderPath): number | null => path.at(-1)?.id ?? null;

const FOLDER_PAGE = { page: 1, perPage: 500 };
const BY_NAME = { field: 'name', order: 'ASC' as const };

/** The folders inside a folder (the root's when null), by name. */
export function useSubfolders(parentId: number | null) {
  return useGetList<RaRecord & FolderStep>('asset-folders', { filter: { parent_id: parentId }, sort: BY_NAME, pagination: FOLDER_PAGE });
}

export interface FolderBrowserProps {
  path: FolderPath;
  onOpen: (path: FolderPath) => void;
  /** «Все файлы» before the root: the whole library, whatever the folder (the library screen). */
  onAll?: () => void;
  /** Whether the whole library is shown rather than a folder. */
  showingAll?: boolean;
}

/** Where the editor is (the path from the root, each step opens its folder) and the folders inside it. */
export const FolderBrowser = ({ path, onOpen, onAll, showingAll = false }: FolderBrowserProps) => {
  const translate = useTranslate();
  const { data: subfolders = [] } = useSubfolders(folderIdOf(path));
  const step = (label: string, target: FolderPath, current: boolean) =>
    current ? (
      <Box component="span" key={label} aria-current="location" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
    ) : (
      <Link key={label} component="button" type="button" underline="hover" onClick={() => onOpen(target)}>
        {label}
      </Link>
    );
  return (
    <Box>
      <Breadcrumbs aria-label={translate('app.assets.folders.path')}>
        {onAll ? (
          showingAll ? (
            step(translate('app.assets.folders.all'), [], true)
          ) : (
            <Link key="all" component="button" type="button" underline="hover" onClick={onAll}>
              {translate('app.assets.folders.all')}
            </Link>
          )
        ) : null}
        {step(translate('app.assets.folders.root'), [], !showingAll && path.length === 0)}
        {path.map((folder, index) => step(folder.name, path.slice(0, index + 1), !showingAll && index === path.length - 1))}
      </Breadcrumbs>
      {!showingAll && subfolders.length > 0 ? (
        <Stack direction="row" flexWrap="wrap" gap={1} sx={{ mt: 1 }} aria-label={translate('app.assets.folders.subfolders')}>
          {subfolders.map((folder) => (
            <Button
              key={folder.id}
              variant="outlined"
              size="small"
              startIcon={<FolderIcon />}
              onClick={() => onOpen([...path, { id: folder.id, name: folder.name, version: folder.version }])}
              aria-label={translate('app.assets.folders.open', { name: folder.name })}
            >
              {folder.name}
            </Button>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
};

/** What is wrong with a folder's name (the server's rule), as an i18n key or text with its arguments; null when nothing. */
const nameProblem = (name: string): { message: string; args?: Record<string, unknown> } | null => {
  const problem: unknown = rules('asset-folders', 'name')[0]?.(name, {}, {});
  if (typeof problem === 'string') return { message: problem };
  return typeof problem === 'object' && problem !== null && 'message' in problem ? (problem as { message: string; args?: Record<string, unknown> }) : null;
};

/** A folder's name asked for in a dialog (a new folder, a rename), checked as the server checks it. */
const FolderNameDialog = ({
  title,
  initial,
  onSave,
  onClose,
}: {
  title: string;
  initial: string;
  onSave: (name: string) => Promise<void>;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = nameProblem(name);
    if (found) {
      setProblem(translate(found.message, { _: found.message, ...found.args }));
      return;
    }
    setBusy(true);
    try {
      await onSave(name.trim());
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={(event) => void submit(event)}>
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('app.assets.folders.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            helperText={problem ?? ' '}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The open folder's actions: a new folder inside it, and (below the root) renaming or deleting it. The server's
 * refusals (a name already taken among its siblings, a folder that is not empty) show as its Russian message.
 */
export const FolderActions = ({ path, onOpen }: { path: FolderPath; onOpen: (path: FolderPath) => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  // The dataProvider's own calls rather than react-admin's mutation hooks: every write refetches the folders' lists
  // (admin/cache.ts) and the screen waits for the server's answer anyway.
  const dataProvider = useDataProvider();
  const [removing, setRemoving] = useState(false);
  const [dialog, setDialog] = useState<'create' | 'rename' | 'delete' | null>(null);
  const current = path.at(-1);
  const close = () => setDialog(null);
  const refused = (error: unknown) => notify(messageOf(error), { type: 'warning' });

  const createFolder = async (name: string) => {
    try {
      await dataProvider.create('asset-folders', { data: { name, parent_id: current?.id ?? null } });
      notify('app.assets.folders.created', { type: 'success' });
      close();
    } catch (error) {
      refused(error);
    }
  };
  const renameFolder = async (name: string) => {
    if (!current) return;
    try {
      const { data: record } = await dataProvider.update<RaRecord & FolderStep>('asset-folders', {
        id: current.id,
        data: { name },
        previousData: { ...current },
      });
      onOpen([...path.slice(0, -1), { id: current.id, name: record.name ?? name, version: record.version }]);
      notify('app.assets.folders.renamed', { type: 'success' });
      close();
    } catch (error) {
      refused(error);
    }
  };
  const deleteFolder = async () => {
    if (!current) return;
    try {
      setRemoving(true);
      await dataProvider.delete('asset-folders', { id: current.id, previousData: { ...current } });
      notify('app.assets.folders.deleted', { type: 'success' });
      onOpen(path.slice(0, -1));
    } catch (error) {
      refused(error);
    } finally {
      setRemoving(false);
      close();
    }
  };

  return (
    <Stack direction="row" gap={1} flexWrap="wrap">
      <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => setDialog('create')}>
        {translate('app.assets.folders.create')}
      </Button>
      {current ? (
        <>
          <Button size="small" startIcon={<DriveFileRenameOutlineIcon />} onClick={() => setDialog('rename')}>
            {translate('app.assets.folders.rename')}
          </Button>
          <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => setDialog('delete')}>
            {translate('app.assets.folders.delete')}
          </Button>
        </>
      ) : null}
      {dialog === 'create' ? <FolderNameDialog title="app.assets.folders.create" initial="" onSave={createFolder} onClose={close} /> : null}
      {dialog === 'rename' && current ? (
        <FolderNameDialog title="app.assets.folders.rename" initial={current.name} onSave={renameFolder} onClose={close} />
      ) : null}
      <Confirm
        isOpen={dialog === 'delete'}
        loading={removing}
        title="app.assets.folders.delete"
        content={translate('app.assets.folders.delete_confirm', { name: current?.name ?? '' })}
        onConfirm={() => void deleteFolder()}
        onClose={close}
      />
    </Stack>
  );
};

/** A dialog to choose a folder by walking the tree (moving assets, an asset's folder): answers the chosen path. */
export const FolderChooser = ({ initial = [], onChoose, onClose }: { initial?: FolderPath; onChoose: (path: FolderPath) => void; onClose: () => void }) => {
  const translate = useTranslate();
  const [path, setPath] = useState<FolderPath>(initial);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('app.assets.folders.choose_title')}</DialogTitle>
      <DialogContent>
        <FolderBrowser path={path} onOpen={setPath} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => onChoose(path)}>
          {translate('app.assets.folders.choose')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

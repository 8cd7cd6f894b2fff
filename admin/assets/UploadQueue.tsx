import CloseIcon from '@mui/icons-material/Close';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Alert, Box, Button, IconButton, LinearProgress, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState, useSyncExternalStore, type DragEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { formatFileSize } from '@lib/format.js';
import type { AdminDataProvider, Asset } from '../../dataProvider/index.js';
import { droppedFiles } from './droppedFiles.js';
import { UploadQueue as Queue, type QueuedUpload } from './uploadQueue.js';

export interface UploadQueueProps {
  /** The folder new assets go into; the library's root when null. */
  folderId: number | null;
  /** What the file picker offers, as its `accept` attribute (every file when absent; the server refuses the rest). */
  accept?: string;
  /** Told of each new asset once stored. */
  onUploaded?: (asset: Asset) => void;
  /** Offered for an asset: a duplicate already in the library («использовать его»), or a new one in a picker. */
  onUse?: (asset: Asset) => void;
  /** The label of `onUse` on a new asset (a picker's «Выбрать»); none when absent. */
  useLabel?: string;
  /**
   * What each file becomes once in the library (a photobank photo of a category): run with the new asset, or the one
   * already holding its bytes, as part of the file's upload; when it fails, the file shows the server's message.
   */
  place?: (asset: Asset, file: File) => Promise<void>;
}

/** Files a paste carries (screenshots, files copied in a file manager); none for a text paste. */
function pastedFiles(event: ClipboardEvent): File[] {
  const target = event.target;
  // Pasting into a text field stays a text paste.
  if (target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return [];
  return Array.from(event.clipboardData?.files ?? []);
}

/**
 * The library's upload queue (the library, the picker, a photobank category's photos): files dropped
 * (a folder's worth too), pasted or chosen go up one request per file, at most three at once, each with its progress
 * bar and its cancel. A refused file shows the server's message and the others go on; a file already in the library
 * is offered for reuse instead of being stored again.
 */
export const UploadQueue = ({ folderId, accept, onUploaded, onUse, useLabel, place }: UploadQueueProps) => {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const translate = useTranslate();
  // The queue lives as long as the screen: it keeps the first `place` it was given (a category's stays the same).
  const [queue] = useState(
    () =>
      new Queue(async (file, target, signal, onProgress) => {
        const answer = (await dataProvider.uploadAsset('assets', { file, folderId: target, signal, onProgress })).data;
        await place?.('duplicate' in answer ? answer.duplicate : answer.asset, file);
        return answer;
      }),
  );
  useEffect(() => (onUploaded ? queue.onUploaded(onUploaded) : undefined), [queue, onUploaded]);
  const items = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.snapshot,
  );
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const drop = async (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    queue.add(await droppedFiles(event.dataTransfer), folderId);
  };

  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const files = pastedFiles(event);
      if (files.length === 0) return;
      event.preventDefault();
      queue.add(files, folderId);
    };
    document.addEventListener('paste', paste);
    return () => document.removeEventListener('paste', paste);
  }, [queue, folderId]);

  const finished = items.some((item) => item.status !== 'waiting' && item.status !== 'uploading');
  return (
    <Box sx={{ my: 1 }}>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accept}
        aria-label={translate('app.assets.upload.choose')}
        onChange={(event) => {
          queue.add(Array.from(event.target.files ?? []), folderId);
          event.target.value = '';
        }}
      />
      <Box
        role="button"
        tabIndex={0}
        data-testid="asset-drop-zone"
        onClick={() => input.current?.click()}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            input.current?.click();
          }
        }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => void drop(event)}
        sx={{
          border: '2px dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          borderRadius: 1,
          p: 2,
          textAlign: 'center',
          cursor: 'pointer',
          bgcolor: dragging ? 'action.hover' : undefined,
        }}
      >
        <CloudUploadIcon color="action" />
        <Typography variant="body2">{translate('app.assets.upload.drop')}</Typography>
      </Box>
      {items.length > 0 ? (
        <Stack spacing={1} sx={{ mt: 1 }} component="ul" aria-label={translate('app.assets.upload.queue')} style={{ listStyle: 'none', padding: 0 }}>
          {items.map((item) => (
            <UploadRow key={item.key} item={item} onCancel={() => queue.cancel(item.key)} onUse={onUse} useLabel={useLabel} reused={Boolean(place)} />
          ))}
        </Stack>
      ) : null}
      {finished ? (
        <Button size="small" onClick={() => queue.clearFinished()} sx={{ mt: 1 }}>
          {translate('app.assets.upload.clear')}
        </Button>
      ) : null}
    </Box>
  );
};

interface UploadRowProps {
  item: QueuedUpload;
  onCancel: () => void;
  onUse?: (asset: Asset) => void;
  useLabel?: string;
  /** Whether a file already in the library was used as it is (a queue that places its files). */
  reused?: boolean;
}

/** One file of a queue: its name and size, its progress and cancel, the server's message when refused. */
export const UploadRow = ({ item, onCancel, onUse, useLabel, reused }: UploadRowProps) => {
  const translate = useTranslate();
  const name = item.file.name;
  const going = item.status === 'waiting' || item.status === 'uploading';
  return (
    <Box component="li" aria-label={name}>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="body2" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name} · {formatFileSize(item.file.size)}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate(`app.assets.upload.status.${reused && item.status === 'duplicate' ? 'reused' : item.status}`, { percent: item.percent })}
        </Typography>
        {going ? (
          <IconButton size="small" onClick={onCancel} aria-label={translate('app.assets.upload.cancel', { name })}>
            <CloseIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {going ? (
        <LinearProgress
          variant={item.status === 'waiting' ? 'indeterminate' : 'determinate'}
          value={item.percent}
          aria-label={translate('app.assets.upload.progress', { name })}
        />
      ) : null}
      {item.status === 'failed' ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {translate(item.message ?? 'app.error.network', { _: item.message })}
        </Alert>
      ) : null}
      {item.status === 'duplicate' && item.asset && onUse ? (
        <Button size="small" onClick={() => item.asset && onUse(item.asset)}>
          {translate('app.assets.upload.use_duplicate')}
        </Button>
      ) : null}
      {item.status === 'done' && item.asset && onUse && useLabel ? (
        <Button size="small" onClick={() => item.asset && onUse(item.asset)}>
          {translate(useLabel)}
        </Button>
      ) : null}
    </Box>
  );
};

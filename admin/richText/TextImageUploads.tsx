import { Box, Button, Stack } from '@mui/material';
import type { Editor } from '@tiptap/core';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { UploadRow } from '../assets/UploadQueue.js';
import { UploadQueue } from '../assets/uploadQueue.js';
import { DEFAULT_IMAGE_WIDTH } from '@lib/richText.js';
import { receiveFilesIn } from './textImage.js';

const isPicture = (file: File): boolean => file.type.startsWith('image/');

/**
 * Inserts each file of the queue that went into the library (or was there already) where it was dropped or pasted,
 * in the order the files came, described with the asset's alt text and caption (an image without any is marked
 * in the editor until described).
 */
function insertUploaded(editor: Editor, queue: UploadQueue, places: Map<number, number>): void {
  for (const item of queue.snapshot) {
    const at = places.get(item.key);
    if (at === undefined || !item.asset || (item.status !== 'done' && item.status !== 'duplicate')) continue;
    places.delete(item.key);
    const before = editor.state.doc.content.size;
    const { asset } = item;
    editor
      .chain()
      .insertTextImage({ assetId: asset.id, alt: asset.alt.trim() || null, width: DEFAULT_IMAGE_WIDTH, caption: asset.caption.trim() }, Math.min(at, before))
      .run();
    // What lies after it moves on; the files of the same drop that came after it go after it, those before it stay before.
    const grown = editor.state.doc.content.size - before;
    for (const [key, place] of places) if (place > at || (place === at && key > item.key)) places.set(key, place + grown);
  }
}

/**
 * Files dropped or pasted into the rich-text editor go into the media library through its upload queue (one request
 * and one progress bar per file, a refused file's message, the others going on; the same bytes again reuse the asset
 * already there) and are inserted into the text. A file that is not a picture is refused here, named.
 */
export function TextImageUploads() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [queue] = useState(
    () =>
      new UploadQueue(async (file, folderId, signal, onProgress) => {
        if (!isPicture(file)) throw new Error(translate('app.rich_text.image.not_picture', { name: file.name }));
        return (await dataProvider.uploadAsset('assets', { file, folderId, signal, onProgress })).data;
      }),
  );
  const [places] = useState(() => new Map<number, number>());
  const items = useSyncExternalStore(
    (listener) => queue.subscribe(listener),
    () => queue.snapshot,
  );

  useEffect(() => {
    if (!editor) return;
    receiveFilesIn(editor, (files, at) => {
      for (const key of queue.add(files, null)) places.set(key, at);
    });
    const stop = queue.subscribe(() => insertUploaded(editor, queue, places));
    return () => {
      receiveFilesIn(editor, null);
      stop();
    };
  }, [editor, queue, places]);

  if (items.length === 0) return null;
  const finished = items.some((item) => item.status !== 'waiting' && item.status !== 'uploading');
  return (
    <Box sx={{ my: 1 }}>
      <Stack spacing={1} component="ul" aria-label={translate('app.rich_text.image.uploads')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((item) => (
          <UploadRow key={item.key} item={item} onCancel={() => queue.cancel(item.key)} />
        ))}
      </Stack>
      {finished ? (
        <Button size="small" onClick={() => queue.clearFinished()}>
          {translate('app.assets.upload.clear')}
        </Button>
      ) : null}
    </Box>
  );
}

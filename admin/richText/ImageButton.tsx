import ImageIcon from '@mui/icons-material/Image';
import { ToggleButton } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.js';
import type { TextImageAttributes } from './textImage.js';

/** The picker and the image's details load the first time an editor opens them (their own chunk). */
const TextImageDialog = lazyScreen(async () => (await import('./TextImageDialog.js')).TextImageDialog, null);

/**
 * «Изображение»: inserts an image of the media library at the cursor (picked or uploaded there, then described), or,
 * with an image of the text selected, changes its alt text, width and caption.
 */
export function ImageButton({ size }: { size: 'small' | 'medium' }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({ editor, selector: ({ editor: state }) => state?.isActive('textImage') ?? false });
  const [editing, setEditing] = useState<{ current: TextImageAttributes | null } | null>(null);
  const label = translate(active ? 'app.rich_text.image.edit' : 'app.rich_text.image.button');
  return (
    <>
      <ToggleButton
        size={size}
        value="image"
        selected={active}
        aria-label={label}
        title={label}
        disabled={!editor?.isEditable}
        onClick={() => setEditing({ current: active ? (editor.getAttributes('textImage') as TextImageAttributes) : null })}
      >
        <ImageIcon fontSize="inherit" />
      </ToggleButton>
      {editing && editor ? <TextImageDialog editor={editor} current={editing.current} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

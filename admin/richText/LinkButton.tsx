import InsertLink from '@mui/icons-material/InsertLink';
import { ToggleButton } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { lazyScreen } from '../common/lazyScreen.js';

/** The link's dialog loads the first time an editor opens it (its own chunk). */
const LinkDialog = lazyScreen(async () => (await import('./LinkDialog.js')).LinkDialog, null);

/**
 * Makes the selected text a link, or changes or removes the link the cursor is in, through `LinkDialog` (a typed
 * address, or a record of the site found by its title).
 */
export function LinkButton({ size }: { size: 'small' | 'medium' }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({ editor, selector: ({ editor: state }) => state?.isActive('link') ?? false });
  const selected = useEditorState({ editor, selector: ({ editor: state }) => (state ? !state.state.selection.empty : false) });
  const [current, setCurrent] = useState<string | null>(null);
  const label = translate('ra.tiptap.link');
  return (
    <>
      <ToggleButton
        size={size}
        value="link"
        selected={active}
        aria-label={label}
        title={label}
        disabled={!editor?.isEditable || (!selected && !active)}
        onClick={() => setCurrent(String(editor.getAttributes('link').href ?? ''))}
      >
        <InsertLink fontSize="inherit" />
      </ToggleButton>
      {current !== null && editor ? <LinkDialog editor={editor} current={current} onClose={() => setCurrent(null)} /> : null}
    </>
  );
}

import InsertLink from '@mui/icons-material/InsertLink';
import { ToggleButton } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

/**
 * Makes the selected text a link, asking for its address (the current one offered for a link already there); an
 * emptied address removes the link.
 */
export function LinkButton({ size }: { size: 'small' | 'medium' }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const active = useEditorState({ editor, selector: ({ editor: state }) => state?.isActive('link') ?? false });
  const selected = useEditorState({ editor, selector: ({ editor: state }) => (state ? !state.state.selection.empty : false) });
  const label = translate('ra.tiptap.link');

  const edit = () => {
    const current = String(editor.getAttributes('link').href ?? '');
    const address = window.prompt(translate('ra.tiptap.link_address'), current);
    if (address === null) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (address.trim() === '') chain.unsetLink().run();
    else chain.setLink({ href: address.trim() }).run();
  };

  return (
    <ToggleButton
      size={size}
      value="link"
      selected={active}
      aria-label={label}
      title={label}
      disabled={!editor?.isEditable || (!selected && !active)}
      onClick={edit}
    >
      <InsertLink fontSize="inherit" />
    </ToggleButton>
  );
}

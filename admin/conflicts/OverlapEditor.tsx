import { Box } from '@mui/material';
import { EditorContent, useEditor } from '@tiptap/react';
import { RICH_TEXT_EXTENSIONS } from '../richText/extensions.js';
import { EDITOR_STYLES } from '../richText/RichTextEditor.js';

interface OverlapEditorProps {
  /** The HTML it starts from; a new one starts the editor anew. */
  initial: string;
  label: string;
  onChange: (html: string) => void;
}

/**
 * Rich text edited in place in the conflict view: the blocks an overlap resolves to, with the editor's own schema and
 * keyboard (bold, italic, lists, undo) and the site's look.
 */
export const OverlapEditor = ({ initial, label, onChange }: OverlapEditorProps) => {
  const editor = useEditor(
    {
      extensions: RICH_TEXT_EXTENSIONS,
      content: initial,
      editorProps: { attributes: { 'aria-label': label, role: 'textbox', 'aria-multiline': 'true' } },
      onUpdate: ({ editor: changed }) => onChange(changed.getHTML()),
    },
    [initial],
  );
  return (
    <Box
      sx={[
        EDITOR_STYLES,
        { border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, '& .ProseMirror': { minHeight: '3em', outline: 'none' } },
        { '&:focus-within': { borderColor: 'primary.main' } },
      ]}
    >
      <EditorContent editor={editor} />
    </Box>
  );
};

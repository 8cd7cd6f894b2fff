import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';

/** Bold and italic, the two kinds of emphasis rich text has. */
export function EmphasisButtons({ size }: { size: 'small' | 'medium' }) {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const bold = useEditorState({ editor, selector: ({ editor: state }) => state?.isActive('bold') ?? false });
  const italic = useEditorState({ editor, selector: ({ editor: state }) => state?.isActive('italic') ?? false });
  const disabled = !editor?.isEditable;
  return (
    <ToggleButtonGroup size={size} disabled={disabled}>
      <ToggleButton
        value="bold"
        selected={bold}
        aria-label={translate('ra.tiptap.bold')}
        title={translate('ra.tiptap.bold')}
        onClick={() => editor.chain().focus().toggleBold().run()}
      >
        <FormatBold fontSize="inherit" />
      </ToggleButton>
      <ToggleButton
        value="italic"
        selected={italic}
        aria-label={translate('ra.tiptap.italic')}
        title={translate('ra.tiptap.italic')}
        onClick={() => editor.chain().focus().toggleItalic().run()}
      >
        <FormatItalic fontSize="inherit" />
      </ToggleButton>
    </ToggleButtonGroup>
  );
}

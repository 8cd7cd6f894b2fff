import { MenuItem, TextField } from '@mui/material';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { HEADING_LEVELS, type HeadingLevel } from '../../lib/richText.js';

const PARAGRAPH = 'paragraph';

/** The kind of the block under the cursor, a paragraph or one of the heading levels rich text has. */
export function HeadingSelect() {
  const editor = useTiptapEditor();
  const translate = useTranslate();
  const current = useEditorState({
    editor,
    selector: ({ editor: state }) => String(HEADING_LEVELS.find((level) => state?.isActive('heading', { level })) ?? PARAGRAPH),
  });

  const choose = (value: string) => {
    const level = HEADING_LEVELS.find((candidate) => String(candidate) === value);
    if (level)
      editor
        .chain()
        .focus()
        .setHeading({ level: level satisfies HeadingLevel })
        .run();
    else editor.chain().focus().setParagraph().run();
  };

  return (
    <TextField
      select
      size="small"
      value={current ?? PARAGRAPH}
      onChange={(event) => choose(event.target.value)}
      disabled={!editor?.isEditable}
      // The choice puts the cursor back into the text; the menu must not take the focus back to itself when it closes.
      slotProps={{ htmlInput: { 'aria-label': translate('ra.tiptap.select_level') }, select: { MenuProps: { disableRestoreFocus: true } } }}
      sx={{ minWidth: { xs: 132, sm: 200 } }}
    >
      <MenuItem value={PARAGRAPH}>{translate('ra.tiptap.paragraph')}</MenuItem>
      {HEADING_LEVELS.map((level) => (
        <MenuItem key={level} value={String(level)}>
          {translate(`ra.tiptap.heading${level}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

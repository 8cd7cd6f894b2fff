import type { SxProps, Theme } from '@mui/material';
import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { alignmentClass, imageWidthClass, TEXT_ALIGNMENTS } from '../../lib/richText.js';
import { RICH_TEXT_EXTENSIONS } from './extensions.js';
import { RichTextToolbar } from './RichTextToolbar.js';

/** Fixed once, so the editor is not rebuilt at each render (ra-input-rich-text recreates it when its options change). */
const EDITOR_OPTIONS: RichTextInputProps['editorOptions'] = { extensions: RICH_TEXT_EXTENSIONS };

/**
 * The toolbar stays at the top of the window while a long text scrolls under it (above the app bar, which comes back
 * when the page scrolls up), on a phone in two rows. The text as the site will show it: alignment classes take effect, table cells have borders, a wide table
 * scrolls in its own box instead of widening the form, and images take the width chosen for them; an image nobody
 * has described yet is outlined.
 */
export const EDITOR_STYLES = {
  '& .RaRichTextInputToolbar-root': { position: 'sticky', top: 0, zIndex: (theme) => theme.zIndex.appBar + 1, bgcolor: 'background.paper', pt: 1 },
  // On a phone the controls sit closer, so that the toolbar takes two rows of the screen rather than three.
  '& .RaRichTextInputToolbar-root > *': { marginRight: { xs: '4px !important', sm: '8px !important' } },
  ...Object.fromEntries(TEXT_ALIGNMENTS.map((alignment) => [`& .ProseMirror .${alignmentClass(alignment)}`, { textAlign: alignment }])),
  '& .ProseMirror table': { display: 'block', maxWidth: '100%', overflowX: 'auto', borderCollapse: 'collapse', my: 1 },
  '& .ProseMirror th, & .ProseMirror td': { border: 1, borderColor: 'divider', px: 1, py: 0.5, minWidth: '6em', verticalAlign: 'top', textAlign: 'left' },
  '& .ProseMirror th': { bgcolor: 'action.hover', fontWeight: 600 },
  '& .ProseMirror .selectedCell': { bgcolor: 'action.selected' },
  '& .ProseMirror th p, & .ProseMirror td p': { m: 0 },
  '& .ProseMirror blockquote': { borderLeft: 4, borderColor: 'primary.main', m: 0, my: 1, pl: 2 },
  '& .ProseMirror figure': { mx: 'auto', my: 1 },
  '& .ProseMirror figure img': { display: 'block', width: '100%', height: 'auto' },
  '& .ProseMirror figure img:not([alt])': { outline: '3px dashed', outlineColor: 'warning.main' },
  '& .ProseMirror figcaption': { color: 'text.secondary', fontSize: '0.875em', mt: 0.5 },
  '& .ProseMirror figure.ProseMirror-selectednode': { outline: 2, outlineColor: 'primary.main' },
  [`& .ProseMirror .${imageWidthClass('half')}`]: { width: '50%' },
  [`& .ProseMirror .${imageWidthClass('third')}`]: { width: '33.333%' },
} satisfies SxProps<Theme>;

/** ra-input-rich-text's input with the content and toolbar of `lib/richText.ts`. */
export function RichTextEditor(props: RichTextInputProps) {
  return <RichTextInput {...props} sx={EDITOR_STYLES} editorOptions={EDITOR_OPTIONS} toolbar={<RichTextToolbar />} />;
}

import { RichTextInput, type RichTextInputProps } from 'ra-input-rich-text';
import { RICH_TEXT_EXTENSIONS } from './extensions.js';
import { RichTextToolbar } from './RichTextToolbar.js';

/** Fixed once, so the editor is not rebuilt at each render (ra-input-rich-text recreates it when its options change). */
const EDITOR_OPTIONS: RichTextInputProps['editorOptions'] = { extensions: RICH_TEXT_EXTENSIONS };

/** ra-input-rich-text's input with the content and toolbar of `lib/richText.ts`. */
export function RichTextEditor(props: RichTextInputProps) {
  return <RichTextInput {...props} editorOptions={EDITOR_OPTIONS} toolbar={<RichTextToolbar />} />;
}

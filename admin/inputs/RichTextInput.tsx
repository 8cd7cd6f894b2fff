import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazyScreen } from '../common/lazyScreen.js';

/**
 * The rich-text editor (tiptap and ProseMirror, the admin's largest library, with the content of `lib/richText.ts`):
 * its code loads only when a form with rich text opens, with the loading bar meanwhile.
 */
export const RichTextInput = lazyScreen<RichTextInputProps>(async () => (await import('../richText/RichTextEditor.js')).RichTextEditor);

import type { RichTextInputProps } from 'ra-input-rich-text';
import { lazyScreen } from '../common/lazyScreen.js';

/**
 * ra-input-rich-text's editor (tiptap and ProseMirror, the admin's largest library): its code loads only when a form
 * with rich text opens, with the loading bar meanwhile.
 */
export const RichTextInput = lazyScreen<RichTextInputProps>(async () => (await import('ra-input-rich-text')).RichTextInput);

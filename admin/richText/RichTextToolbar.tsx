import { AlignmentButtons, ClearButtons, ListButtons, QuoteButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { EmphasisButtons } from './EmphasisButtons.js';
import { HeadingSelect } from './HeadingSelect.js';
import { ImageButton } from './ImageButton.js';
import { LinkButton } from './LinkButton.js';
import { TableButtons } from './TableButtons.js';
import { TextImageUploads } from './TextImageUploads.js';

/**
 * Every control offers something `lib/richText.ts` declares, and everything it declares has a control. Under it, the
 * files dropped or pasted into the text going up into the library.
 */
export function RichTextToolbar({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return (
    <>
      <RichTextInputToolbar size={size}>
        <HeadingSelect />
        <EmphasisButtons size={size} />
        <AlignmentButtons size={size} />
        <ListButtons size={size} />
        <LinkButton size={size} />
        <QuoteButtons size={size} />
        <TableButtons size={size} />
        <ImageButton size={size} />
        <ClearButtons size={size} />
      </RichTextInputToolbar>
      <TextImageUploads />
    </>
  );
}

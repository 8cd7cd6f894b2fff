import { AlignmentButtons, ClearButtons, ListButtons, QuoteButtons, RichTextInputToolbar } from 'ra-input-rich-text';
import { EmphasisButtons } from './EmphasisButtons.js';
import { HeadingSelect } from './HeadingSelect.js';
import { LinkButton } from './LinkButton.js';
import { TableButtons } from './TableButtons.js';

/** Every control offers something `lib/richText.ts` declares, and everything it declares has a control. */
export function RichTextToolbar({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return (
    <RichTextInputToolbar size={size}>
      <HeadingSelect />
      <EmphasisButtons size={size} />
      <AlignmentButtons size={size} />
      <ListButtons size={size} />
      <LinkButton size={size} />
      <QuoteButtons size={size} />
      <TableButtons size={size} />
      <ClearButtons size={size} />
    </RichTextInputToolbar>
  );
}

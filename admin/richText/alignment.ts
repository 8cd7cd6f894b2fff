import { TextAlign } from '@tiptap/extension-text-align';
import { alignmentClass, alignmentOfClass, DEFAULT_ALIGNMENT, TEXT_ALIGNMENTS, type TextAlignment } from '../../lib/richText.js';

/** The blocks an editor may align. */
const ALIGNABLE = ['paragraph', 'heading'];

const isAlignment = (value: unknown): value is TextAlignment => TEXT_ALIGNMENTS.some((alignment) => alignment === value);

/**
 * tiptap's text alignment written as a class of the site's CSS (`class="text-center"`) instead of a `style`
 * attribute, and read back only from such a class: pasted inline styles are not alignment the site would keep.
 */
export const ClassTextAlign = TextAlign.extend({
  addGlobalAttributes() {
    return [
      {
        types: this.options.types,
        attributes: {
          textAlign: {
            default: DEFAULT_ALIGNMENT,
            parseHTML: (element) => [...element.classList].map(alignmentOfClass).find(isAlignment) ?? DEFAULT_ALIGNMENT,
            renderHTML: (attributes) =>
              isAlignment(attributes.textAlign) && attributes.textAlign !== DEFAULT_ALIGNMENT ? { class: alignmentClass(attributes.textAlign) } : {},
          },
        },
      },
    ];
  },
}).configure({ types: ALIGNABLE, alignments: [...TEXT_ALIGNMENTS], defaultAlignment: DEFAULT_ALIGNMENT });

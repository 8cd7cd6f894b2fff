import type { Extensions } from '@tiptap/core';
import { Heading } from '@tiptap/extension-heading';
import { Link } from '@tiptap/extension-link';
import { OrderedList } from '@tiptap/extension-list';
import StarterKit from '@tiptap/starter-kit';
import { HEADING_LEVELS, LINK_REL, LINK_TARGET, RICH_TEXT_SYNONYMS } from '../../lib/richText.js';
import { ClassTextAlign } from './alignment.js';
import { KeepNodeSelection } from './keepNodeSelection.js';
import { TABLE_EXTENSIONS } from './tables.js';
import { TextImage } from './textImage.js';
import { WordLists } from './wordLists.js';

const HEADING_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];

/** Headings of the levels rich text has; a pasted `h1` becomes the top one and `h5`/`h6` the lowest, as on the server. */
const RichTextHeading = Heading.extend({
  parseHTML() {
    return HEADING_TAGS.map((tag) => ({ tag, attrs: { level: Number((RICH_TEXT_SYNONYMS[tag] ?? tag).slice(1)) } }));
  },
}).configure({ levels: [...HEADING_LEVELS] });

/**
 * Links keep only their address: every one opens in a new tab, whatever target, title or class a paste brought. Text
 * typed at a link's end (a full stop, a space) is not part of it.
 */
const RichTextLink = Link.extend({
  inclusive: false,
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      target: { default: LINK_TARGET, parseHTML: () => LINK_TARGET },
      rel: { default: LINK_REL, parseHTML: () => LINK_REL },
    };
  },
}).configure({ openOnClick: false, HTMLAttributes: { target: LINK_TARGET, rel: LINK_REL } });

/** Numbered lists keep where they start; a numbering style (letters, Roman numerals) is not part of rich text. */
const RichTextOrderedList = OrderedList.extend({
  addAttributes() {
    return { ...this.parent?.(), type: { default: null, parseHTML: () => null, rendered: false } };
  },
});

/**
 * The editor's schema: exactly the content of `lib/richText.ts`, so typing, the toolbar and pasting (from Word, Google
 * Docs, web pages) can produce nothing else. What a paste brings beyond it (styles, colours, fonts, images from
 * elsewhere) is dropped and its text kept; images come from the media library only.
 */
export const RICH_TEXT_EXTENSIONS: Extensions = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    heading: false,
    link: false,
    orderedList: false,
  }),
  RichTextHeading,
  RichTextLink,
  RichTextOrderedList,
  ClassTextAlign,
  ...TABLE_EXTENSIONS,
  TextImage,
  WordLists,
  KeepNodeSelection,
];

import { Node, type Editor } from '@tiptap/core';
import { NodeSelection, Plugin, PluginKey, TextSelection } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';
import {
  assetIdOfTextImage,
  DEFAULT_IMAGE_WIDTH,
  IMAGE_WIDTHS,
  imageWidthClass,
  imageWidthOfClass,
  textImageSrc,
  type ImageWidth,
} from '../../lib/richText.js';

/** What an image inside text is: the library asset it shows, its alt text, its width choice and its caption. */
export interface TextImageAttributes {
  assetId: number;
  /**
   * Empty for a decorative image; null for one nobody has described yet (a dropped file): written without `alt`,
   * which the editor marks, and saved by the server as empty.
   */
  alt: string | null;
  width: ImageWidth;
  caption: string;
}

/** Files dropped or pasted into the editor, and where: handed to whoever takes them (the toolbar's upload queue). */
export type ReceiveFiles = (files: File[], at: number) => void;

export interface TextImageStorage {
  receiveFiles: ReceiveFiles | null;
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textImage: {
      /** Puts an image at `at` (the cursor when absent), selected. */
      insertTextImage: (attributes: TextImageAttributes, at?: number) => ReturnType;
    };
  }
  interface Storage {
    textImage: TextImageStorage;
  }
}

/** Hands the files dropped or pasted into an editor to `receive` (none: the editor treats them as it would). */
export function receiveFilesIn(editor: Editor, receive: ReceiveFiles | null): void {
  editor.storage.textImage.receiveFiles = receive;
}

const isWidth = (value: unknown): value is ImageWidth => IMAGE_WIDTHS.some((width) => width === value);

/** The image of a figure the way `lib/richText.ts` writes it, or none. */
const imageOf = (figure: HTMLElement): HTMLImageElement | null => {
  const image = figure.querySelector(':scope > img');
  return image instanceof HTMLImageElement && assetIdOfTextImage(image.getAttribute('src')) !== null ? image : null;
};

/** The dropped or pasted files of an event, when it carries any. */
const filesOf = (transfer: DataTransfer | null): File[] => Array.from(transfer?.files ?? []);

/** Where images go for a place in the text: before the top-level block when at its very start, else after it. */
function blockBoundary(view: EditorView, at: number): number {
  const place = view.state.doc.resolve(Math.min(at, view.state.doc.content.size));
  if (place.depth === 0) return place.pos;
  return place.parentOffset === 0 && place.depth === 1 ? place.before(1) : place.after(1);
}

/**
 * Starts a paragraph after the selected (clicked) image and puts `text` there: typing or Enter never replaces an
 * image, only Delete or Backspace remove it. An empty paragraph right after the image (the one the editor keeps at
 * the end of the text) is used instead of adding another.
 */
function startParagraphAfterImage(view: EditorView, imageType: string, text: string): boolean {
  const { selection, schema, tr } = view.state;
  const paragraph = schema.nodes.paragraph;
  if (!(selection instanceof NodeSelection) || selection.node.type.name !== imageType || !paragraph) return false;
  const after = selection.$to;
  const next = after.nodeAfter;
  if (next?.type !== paragraph || next.content.size > 0) {
    if (!after.parent.canReplaceWith(after.index(), after.index(), paragraph)) return false;
    tr.insert(after.pos, paragraph.create());
  }
  tr.setSelection(TextSelection.create(tr.doc, after.pos + 1));
  if (text) tr.insertText(text);
  view.dispatch(tr.scrollIntoView());
  return true;
}

/**
 * An image of the media library inside text, as `lib/richText.ts` declares it: a figure with the image (its lasting
 * address and alt text), a width class and an optional caption. One block, picked or changed as a whole (the
 * toolbar's «Изображение»); typing or Enter while it is selected starts a paragraph after it. Files dropped or
 * pasted into the editor go to `storage.receiveFiles`.
 */
export const TextImage = Node.create<Record<string, never>, TextImageStorage>({
  name: 'textImage',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addStorage() {
    return { receiveFiles: null };
  },

  addAttributes() {
    return {
      assetId: { default: null, parseHTML: (figure) => assetIdOfTextImage(imageOf(figure)?.getAttribute('src')), rendered: false },
      alt: { default: null, parseHTML: (figure) => imageOf(figure)?.getAttribute('alt') ?? null, rendered: false },
      width: { default: DEFAULT_IMAGE_WIDTH, parseHTML: (figure) => imageWidthOfClass(figure.getAttribute('class')), rendered: false },
      caption: { default: '', parseHTML: (figure) => figure.querySelector(':scope > figcaption')?.textContent?.trim() ?? '', rendered: false },
    };
  },

  parseHTML() {
    return [{ tag: 'figure', getAttrs: (figure) => (imageOf(figure) ? null : false) }];
  },

  renderHTML({ node }) {
    const { assetId, alt, width, caption } = node.attrs as TextImageAttributes;
    const image = ['img', { src: textImageSrc(assetId), ...(alt === null ? {} : { alt }) }] as const;
    const figure = { class: imageWidthClass(isWidth(width) ? width : DEFAULT_IMAGE_WIDTH) };
    return caption ? ['figure', figure, image, ['figcaption', {}, caption]] : ['figure', figure, image];
  },

  addCommands() {
    return {
      insertTextImage:
        (attributes, at) =>
        ({ chain, state }) =>
          chain()
            .insertContentAt(at ?? state.selection.to, { type: this.name, attrs: attributes })
            .run(),
    };
  },

  addKeyboardShortcuts() {
    return { Enter: ({ editor }) => startParagraphAfterImage(editor.view, this.name, '') };
  },

  addProseMirrorPlugins() {
    const storage = this.storage;
    const name = this.name;
    return [
      new Plugin({
        key: new PluginKey('textImageFiles'),
        props: {
          handleTextInput: (view, _from, _to, text) => startParagraphAfterImage(view, name, text),
          handleDrop: (view, event) => {
            const files = filesOf(event.dataTransfer);
            if (!files.length || !storage.receiveFiles || !view.editable) return false;
            event.preventDefault();
            const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? view.state.selection.to;
            storage.receiveFiles(files, blockBoundary(view, at));
            return true;
          },
          handlePaste: (view, event) => {
            // Word puts a picture of the copied text beside its HTML: a paste with HTML is a text paste.
            const files = event.clipboardData?.types.includes('text/html') ? [] : filesOf(event.clipboardData);
            if (!files.length || !storage.receiveFiles || !view.editable) return false;
            storage.receiveFiles(files, blockBoundary(view, view.state.selection.to));
            return true;
          },
        },
      }),
    ];
  },
});

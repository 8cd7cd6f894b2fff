import { Extension } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';

/** A Word list item: a paragraph whose inline style names its list (`mso-list:l0 level1 lfo1`). */
const isWordListItem = (element: Element): boolean => element.localName === 'p' && /mso-list:\s*l\d/i.test(element.getAttribute('style') ?? '');

/** The marker Word writes before each item, `1.`, `a)` or `iv.` for numbered lists and a bullet glyph otherwise. */
const NUMBERED_MARKER = /^\(?[\da-z]{1,4}[.)]$/i;

/** Takes the item's marker (Word's `mso-list:Ignore` span) out of it; answers whether the list is numbered. */
function takeMarker(item: Element): boolean {
  const marker = [...item.querySelectorAll('span')].find((span) => /mso-list:\s*ignore/i.test(span.getAttribute('style') ?? ''));
  const numbered = NUMBERED_MARKER.test(marker?.textContent?.replace(/\s+/g, '') ?? '');
  marker?.remove();
  return numbered;
}

/**
 * Word puts lists on the clipboard as paragraphs with a typed marker, not as `ul`/`ol`; each run of such paragraphs
 * becomes a real list here (nested levels come out flat), so a pasted list stays a list.
 */
export function wordListsToLists(html: string): string {
  if (!/mso-list/i.test(html)) return html;
  const document = new DOMParser().parseFromString(html, 'text/html');
  for (const first of [...document.body.querySelectorAll('p')].filter(isWordListItem)) {
    if (!first.isConnected || (first.previousElementSibling && isWordListItem(first.previousElementSibling))) continue;
    const items: Element[] = [];
    for (let item: Element | null = first; item && isWordListItem(item); item = item.nextElementSibling) items.push(item);
    const numbered = takeMarker(first);
    items.slice(1).forEach(takeMarker);
    const list = document.createElement(numbered ? 'ol' : 'ul');
    first.before(list);
    for (const item of items) {
      const entry = document.createElement('li');
      // Word's conditional comments around the marker go with it.
      entry.append(...[...item.childNodes].filter((node) => node.nodeType !== Node.COMMENT_NODE));
      list.append(entry);
      item.remove();
    }
  }
  return document.body.innerHTML;
}

export const WordLists = Extension.create({
  name: 'wordLists',
  addProseMirrorPlugins() {
    return [new Plugin({ props: { transformPastedHTML: wordListsToLists } })];
  },
});

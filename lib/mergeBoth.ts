import { mergeHtml, sameText } from './merge.js';

/**
 * "Both versions, the editor's first" for a place of rich text both editors changed differently. Keeping both is not
 * pasting one version after the other: what neither of them touched would then be there twice. The place is merged
 * by its content instead: inside a list, quote or table both changed, items one side changed take that change and
 * items nobody changed stay once; only what both changed differently is kept in both versions, the editor's first.
 */

/** Elements whose content is itself a run of blocks (items, rows, paragraphs), merged one level down. */
const CONTAINERS = new Set(['ul', 'ol', 'li', 'blockquote', 'table', 'thead', 'tbody']);

const OPENING = /^<([a-z][\da-z-]*)\b[^>]*>/i;

/** A block that is one element: its opening tag, its inner HTML and its name. */
function elementOf(block: string): { name: string; open: string; inner: string } | null {
  const match = OPENING.exec(block);
  if (!match) return null;
  const [open, tag = ''] = match;
  const name = tag.toLowerCase();
  const close = `</${name}>`;
  if (!block.toLowerCase().endsWith(close)) return null;
  return { name, open, inner: block.slice(open.length, block.length - close.length) };
}

const contains = (blocks: readonly string[], block: string): boolean => blocks.some((other) => sameText(other, block));

type Element = NonNullable<ReturnType<typeof elementOf>>;

/** The one block among `blocks` that is the element `like` is (a list for a list), and where it is; none if not one. */
function counterpart(blocks: readonly string[], like: Element): { index: number; element: Element } | null {
  const found = blocks.flatMap((block, index) => {
    const element = elementOf(block);
    return element && element.name === like.name ? [{ index, element }] : [];
  });
  return found.length === 1 ? (found[0] ?? null) : null;
}

/**
 * The blocks of one place both changed, with both changes kept: the base's blocks at that place and each side's
 * version of them. A container both changed (the same list, say, even with a block added beside it) is merged item
 * by item; otherwise the editor's blocks come first, then the other's, and a block either side left as it was
 * appears only if the other kept it too.
 */
export function bothBlocks(base: readonly string[], mine: readonly string[], theirs: readonly string[]): string[] {
  const container = base.length === 1 ? elementOf(base[0] ?? '') : null;
  if (container && CONTAINERS.has(container.name)) {
    const [m, t] = [counterpart(mine, container), counterpart(theirs, container)];
    if (m && t && sameText(m.element.open, t.element.open)) {
      const merged = `${m.element.open}${bothHtml(container.inner, m.element.inner, t.element.inner)}</${container.name}>`;
      const ours = mine.map((block, index) => (index === m.index ? merged : block));
      return [...ours, ...theirs.filter((block, index) => index !== t.index && !contains(ours, block))];
    }
  }
  // A block of the base one side kept as it was is there only if the other side kept it too: otherwise the other
  // side changed or removed it, and that change stands.
  const ours = mine.filter((block) => !contains(base, block) || contains(theirs, block));
  const others = theirs.filter((block) => !contains(base, block) && !contains(ours, block));
  return [...ours, ...others];
}

/** Three versions of rich text merged block by block, each place both changed keeping both changes (see above). */
export function bothHtml(base: string, mine: string, theirs: string): string {
  return mergeHtml(base, mine, theirs)
    .map((segment) => (segment.kind === 'merged' ? segment.blocks.join('') : bothBlocks(segment.base, segment.mine, segment.theirs).join('')))
    .join('');
}

import { diffArrays } from 'diff';

/**
 * Three-way merge of two editors' saves of one record against the version both started from (the base): whatever
 * only one of them changed is taken as they left it; only what both changed differently (an overlap) needs a person.
 * Nothing either editor changed is ever dropped by the merge itself.
 */

/** Whose version a merged value is. */
export type Side = 'mine' | 'theirs';

/** How one field's three versions combine. */
export type FieldMerge<T> =
  /** Both versions hold the same value: nobody changed it, or both made the same change. */
  | { state: 'same'; value: T }
  /** Only one side changed it: their value stands. */
  | { state: 'merged'; value: T; by: Side }
  /** Both changed it, differently. */
  | { state: 'overlap' };

/**
 * Typography the site sets by itself (non-breaking spaces, «ёлочки» and „лапки“, long dashes, the ellipsis, a space
 * before a percent sign), folded to plain keyboard characters: two texts differing only there are the same text, so
 * one editor's typed "quotes" against the other's typeset «quotes» is not a change of either.
 */
const TYPOGRAPHY: readonly [RegExp, string][] = [
  [/&(nbsp|#160|thinsp|#8201|#8239);/g, ' '],
  [/&(laquo|raquo|bdquo|ldquo|rdquo|quot|#171|#187|#8222|#8220|#8221|#34);/g, '"'],
  [/&(lsquo|rsquo|#8216|#8217|#39);/g, "'"],
  [/&(mdash|ndash|minus|#8212|#8211);/g, '-'],
  [/&(hellip|#8230);/g, '...'],
  [/[\u00a0\u2007\u2009\u202f]/g, ' '],
  [/[«»„“”‟″]/g, '"'],
  [/[‘’‚′]/g, "'"],
  [/[—–‒−‑]/g, '-'],
  [/…/g, '...'],
  [/\s+/g, ' '],
  [/ %/g, '%'],
];

/** A text (or HTML) with the typography folded away: what two versions are compared by. */
export const withoutTypography = (text: string): string => TYPOGRAPHY.reduce((folded, [pattern, plain]) => folded.replace(pattern, plain), text).trim();

/** Whether two texts differ in typography at most. */
export const sameText = (a: string, b: string): boolean => a === b || withoutTypography(a) === withoutTypography(b);

/** One field: the side that changed it wins; both changing it differently is an overlap. */
export function mergeField<T>(base: T, mine: T, theirs: T, same: (a: T, b: T) => boolean = Object.is): FieldMerge<T> {
  if (same(mine, theirs)) return { state: 'same', value: mine };
  if (same(base, mine)) return { state: 'merged', value: theirs, by: 'theirs' };
  if (same(base, theirs)) return { state: 'merged', value: mine, by: 'mine' };
  return { state: 'overlap' };
}

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const TAG_NAME = /^(\/?)([a-z][\da-z-]*)/i;

/**
 * Rich text cut into its top-level blocks (paragraphs, headings, lists, tables, figures, quotes), each with the
 * markup inside it: the pieces a merge compares. Text outside any element goes with the block after it, and text
 * after the last block is a block of its own, so the blocks joined give the HTML back unchanged. A scan of tags
 * rather than a pattern over the whole text: each character is read a few times at most, whatever the input.
 */
export function topLevelBlocks(html: string): string[] {
  const blocks: string[] = [];
  let depth = 0;
  let start = 0;
  let at = 0;
  const endBlock = (end: number) => {
    blocks.push(html.slice(start, end));
    start = end;
  };
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    if (html.startsWith('<!--', open)) {
      const end = html.indexOf('-->', open + 4);
      if (end < 0) break;
      at = end + 3;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close < 0) break;
    at = close + 1;
    const tag = html.slice(open + 1, close);
    const [, slash, name = ''] = TAG_NAME.exec(tag) ?? [];
    if (!name) continue;
    if (slash) {
      depth = Math.max(0, depth - 1);
      if (depth === 0) endBlock(at);
    } else if (VOID_ELEMENTS.has(name.toLowerCase()) || tag.endsWith('/')) {
      if (depth === 0) endBlock(at);
    } else {
      depth += 1;
    }
  }
  if (start < html.length) endBlock(html.length);
  return blocks;
}

/** A piece of merged rich text: blocks settled by the merge, or blocks both editors changed differently. */
export type BlockSegment =
  | { kind: 'merged'; blocks: string[] }
  /** The base's blocks at that place and each side's version of them (an empty list: the side deleted them). */
  | { kind: 'overlap'; base: string[]; mine: string[]; theirs: string[] };

/** One side's change against the base: the base's blocks from `start` up to `end` replaced by `blocks`. */
interface Change {
  side: Side;
  start: number;
  end: number;
  blocks: string[];
}

/**
 * A run that replaced as many blocks as it removed is one change per block (paragraphs edited in a row stay apart:
 * another side's edit of one of them overlaps that one only); any other run is one change.
 */
const perBlock = (change: Change): Change[] =>
  change.end - change.start === change.blocks.length && change.blocks.length > 1
    ? change.blocks.map((block, index) => ({ side: change.side, start: change.start + index, end: change.start + index + 1, blocks: [block] }))
    : [change];

/** One side's changes against the base, in order: each run of removed and added blocks as one change (see `perBlock`). */
function changesOf(base: readonly string[], version: readonly string[], side: Side): Change[] {
  const changes: Change[] = [];
  let pending: Change | null = null;
  let at = 0;
  for (const part of diffArrays([...base], [...version], { comparator: sameText })) {
    if (!part.added && !part.removed) {
      if (pending) changes.push(pending);
      pending = null;
      at += part.count;
      continue;
    }
    pending ??= { side, start: at, end: at, blocks: [] };
    if (part.removed) {
      pending.end += part.count;
      at += part.count;
    } else {
      pending.blocks.push(...part.value);
    }
  }
  if (pending) changes.push(pending);
  return changes.flatMap(perBlock);
}

/**
 * Whether a change falls on the place a group of changes covers: their base blocks overlap, or both insert blocks at
 * one place (which goes first is for a person to say). A change that only touches the group's edge does not: an
 * insertion right before or after a changed block, or changes of neighbouring blocks, merge in base order.
 */
const overlaps = (change: Change, start: number, end: number): boolean =>
  change.start < end || (change.start === end && change.start === change.end && start === end);

/** The base's blocks from `start` to `end` with one side's changes among them applied. */
function applied(base: readonly string[], start: number, end: number, changes: readonly Change[]): string[] {
  const blocks: string[] = [];
  let at = start;
  for (const change of changes) {
    blocks.push(...base.slice(at, change.start), ...change.blocks);
    at = change.end;
  }
  blocks.push(...base.slice(at, end));
  return blocks;
}

const sameBlocks = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((block, index) => sameText(block, b[index] ?? ''));

/**
 * Two versions of a list of blocks merged against their base (blocks differing in typography only count as the same
 * block): changes of different blocks are all kept, in the base's order; where both sides changed the same blocks
 * differently (or inserted different blocks at one place) the segment is an overlap holding the base's blocks and
 * both versions.
 */
export function mergeBlocks(base: readonly string[], mine: readonly string[], theirs: readonly string[]): BlockSegment[] {
  const changes = [...changesOf(base, mine, 'mine'), ...changesOf(base, theirs, 'theirs')].sort(
    (a, b) => a.start - b.start || a.end - a.start - (b.end - b.start),
  );
  const segments: BlockSegment[] = [];
  const settle = (blocks: readonly string[]) => {
    if (blocks.length === 0) return;
    const last = segments.at(-1);
    if (last?.kind === 'merged') last.blocks.push(...blocks);
    else segments.push({ kind: 'merged', blocks: [...blocks] });
  };
  let at = 0;
  for (let index = 0; index < changes.length;) {
    const first = changes[index] as Change;
    const group = [first];
    const start = first.start;
    let end = first.end;
    for (index += 1; index < changes.length && overlaps(changes[index] as Change, start, end); index += 1) {
      const change = changes[index] as Change;
      group.push(change);
      end = Math.max(end, change.end);
    }
    settle(base.slice(at, start));
    const ours = applied(
      base,
      start,
      end,
      group.filter((change) => change.side === 'mine'),
    );
    const others = applied(
      base,
      start,
      end,
      group.filter((change) => change.side === 'theirs'),
    );
    const sides = new Set(group.map((change) => change.side));
    if (sides.size === 1) settle(sides.has('mine') ? ours : others);
    else if (sameBlocks(ours, others)) settle(ours);
    else segments.push({ kind: 'overlap', base: base.slice(start, end), mine: ours, theirs: others });
    at = end;
  }
  settle(base.slice(at));
  return segments;
}

/** Three versions of rich text merged block by block (see `mergeBlocks`). */
export const mergeHtml = (base: string, mine: string, theirs: string): BlockSegment[] =>
  mergeBlocks(topLevelBlocks(base), topLevelBlocks(mine), topLevelBlocks(theirs));

/** The overlaps among merged segments, in order. */
export const overlapsIn = (segments: readonly BlockSegment[]): Extract<BlockSegment, { kind: 'overlap' }>[] =>
  segments.flatMap((segment) => (segment.kind === 'overlap' ? [segment] : []));

/** Merged rich text as one HTML string, each overlap replaced by what `resolve` makes of it (its index among overlaps). */
export function joinSegments(
  segments: readonly BlockSegment[],
  resolve: (overlap: Extract<BlockSegment, { kind: 'overlap' }>, index: number) => string,
): string {
  let overlap = 0;
  return segments.map((segment) => (segment.kind === 'merged' ? segment.blocks.join('') : resolve(segment, overlap++))).join('');
}

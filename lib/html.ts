const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
};

/** The end of a block of rich text: a paragraph, heading, list item, quote, figure or its caption, or line break. */
const BLOCK_END = /<\/(p|h[1-6]|li|blockquote|div|pre|tr|figure|figcaption)\s*>|<br\s*\/?>/gi;

/** Where a script or style element starts, and where each ends. */
const RAW_TEXT_START = /<(script|style)/gi;
const RAW_TEXT_END: Readonly<Record<string, RegExp>> = { script: /<\/script>/gi, style: /<\/style>/gi };

/**
 * The markup without its script and style elements (each replaced by a space). Written as a scan rather than one
 * pattern because a pattern searching for each start's end would read to the end of the text from every start
 * that has none: a text of many starts would take time growing with its square. Here each character is read a
 * few times at most: an end searched for in vain is never searched for again.
 */
function withoutRawText(html: string): string {
  const parts: string[] = [];
  let kept = 0;
  let tagEnd = -1;
  const unended = new Set<string>();
  RAW_TEXT_START.lastIndex = 0;
  for (let start = RAW_TEXT_START.exec(html); start; start = RAW_TEXT_START.exec(html)) {
    const name = (start[1] ?? '').toLowerCase();
    if (tagEnd < RAW_TEXT_START.lastIndex) tagEnd = html.indexOf('>', RAW_TEXT_START.lastIndex);
    if (tagEnd < 0) break;
    const end = RAW_TEXT_END[name];
    if (!end || unended.has(name)) continue;
    end.lastIndex = tagEnd + 1;
    if (!end.exec(html)) {
      unended.add(name);
      continue;
    }
    parts.push(html.slice(kept, start.index), ' ');
    kept = RAW_TEXT_START.lastIndex = end.lastIndex;
  }
  parts.push(html.slice(kept));
  return parts.join('');
}

/**
 * Plain text of stored HTML: tags dropped, the few entities editors produce decoded, spaces collapsed. With
 * `paragraphs`, each block stays on a line of its own (the history's diff); without, the text is one line (search).
 */
export function plainText(html: string, options: { paragraphs?: boolean } = {}): string {
  const text = withoutRawText(html)
    .replace(BLOCK_END, options.paragraphs ? '\n' : ' ')
    // A tag left open at the end goes too: searching on from every `<` for a `>` that never comes would be quadratic.
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  if (!options.paragraphs) return text.replace(/\s+/g, ' ').trim();
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n\s*/g, '\n')
    .trim();
}

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

/**
 * Plain text of stored HTML: tags dropped, the few entities editors produce decoded, spaces collapsed. With
 * `paragraphs`, each block stays on a line of its own (the history's diff); without, the text is one line (search).
 */
export function plainText(html: string, options: { paragraphs?: boolean } = {}): string {
  const text = html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(BLOCK_END, options.paragraphs ? '\n' : ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? entity;
    });
  if (!options.paragraphs) return text.replace(/\s+/g, ' ').trim();
  return text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n[\s]*/g, '\n')
    .trim();
}

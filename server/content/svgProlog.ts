/**
 * Whether an upload is SVG text: UTF-8 without NUL whose first element is `<svg`, after an optional XML
 * declaration, comments and a DOCTYPE (with an internal subset). Read by a scan from left to right in which each
 * character is looked at a bounded number of times: one pattern for the whole prolog would retry a comment's end
 * from every comment start, which `'<!---->'.repeat(31) + 'x'` turned into minutes of backtracking.
 */

const decoder = new TextDecoder('utf-8', { fatal: true });
const SPACE = /\s/;
const SVG_START = /<svg[\s>/]/iy;
/** The end of a DOCTYPE's internal subset: `]`, maybe spaces, `>`. */
const SUBSET_END = /\]\s*>/g;

function skipSpaces(text: string, at: number): number {
  let position = at;
  while (position < text.length && SPACE.test(text.charAt(position))) position++;
  return position;
}

const startsAt = (text: string, at: number, prefix: string) => text.slice(at, at + prefix.length).toLowerCase() === prefix;

/** Where the XML declaration starting at `at` ends (after its `?>`), or -1 when it does not end well. */
function afterDeclaration(text: string, at: number): number {
  const close = text.indexOf('>', at + 5);
  return close > at + 5 && text.charAt(close - 1) === '?' ? close + 1 : -1;
}

/** Where the DOCTYPE starting at `at` ends: at its first `>`, or past its internal subset `[…]` when one comes first. */
function afterDoctype(text: string, at: number): number {
  const close = text.indexOf('>', at);
  const subset = text.indexOf('[', at);
  if (close < 0) return -1;
  if (subset < 0 || subset > close) return close + 1;
  SUBSET_END.lastIndex = subset;
  return SUBSET_END.exec(text) ? SUBSET_END.lastIndex : -1;
}

/** Where the first element starts after the prolog, or -1 when the prolog does not end well. */
function afterProlog(text: string): number {
  let at = skipSpaces(text, 0);
  if (startsAt(text, at, '<?xml')) {
    at = afterDeclaration(text, at);
    if (at < 0) return -1;
  }
  for (;;) {
    at = skipSpaces(text, at);
    if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return -1;
      at = end + 3;
    } else if (startsAt(text, at, '<!doctype')) {
      at = afterDoctype(text, at + 9);
      if (at < 0) return -1;
    } else {
      return at;
    }
  }
}

/** The upload's text (without a byte order mark) when it is SVG, else null. */
export function looksLikeSvg(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  let text: string;
  try {
    text = decoder.decode(data);
  } catch {
    return null;
  }
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const at = afterProlog(text);
  if (at < 0) return null;
  SVG_START.lastIndex = at;
  return SVG_START.test(text) ? text : null;
}

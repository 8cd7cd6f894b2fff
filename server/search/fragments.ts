import type { TextPiece } from '../../lib/search.js';
import { normalizeWord, stemOf } from './text.js';

const WORD = /[\p{L}\p{N}]+/gu;

interface Token {
  start: number;
  end: number;
  hit: boolean;
}

function tokensOf(text: string, stems: ReadonlySet<string>): Token[] {
  return Array.from(text.matchAll(WORD), (match) => {
    const stem = stemOf(normalizeWord(match[0]));
    return {
      start: match.index,
      end: match.index + match[0].length,
      hit: stem !== null && stems.has(stem),
    };
  });
}

/** Plain text cut into pieces, the words whose stems the query has marked. The text stays text: React escapes it. */
function piecesOf(text: string, tokens: readonly Token[], offset = 0): TextPiece[] {
  const pieces: TextPiece[] = [];
  let at = offset;
  const push = (piece: TextPiece) => {
    if (!piece.text) return;
    const last = pieces.at(-1);
    if (last && last.mark === piece.mark && !piece.mark) last.text += piece.text;
    else pieces.push(piece);
  };
  for (const token of tokens) {
    if (!token.hit) continue;
    push({ text: text.slice(at, token.start), mark: false });
    push({ text: text.slice(token.start, token.end), mark: true });
    at = token.end;
  }
  push({ text: text.slice(at), mark: false });
  return pieces;
}

/** A whole text (a title) with the words found marked. */
export const highlight = (text: string, stems: ReadonlySet<string>): TextPiece[] => piecesOf(text, tokensOf(text, stems));

/** About `words` words of a text around its first word found, cut with «…», the words found marked. */
export function fragment(text: string, stems: ReadonlySet<string>, words = 30): TextPiece[] {
  const tokens = tokensOf(text, stems);
  if (!tokens.length) return [];
  const first = Math.max(
    0,
    tokens.findIndex((token) => token.hit),
  );
  const from = Math.max(0, Math.min(first - 8, tokens.length - words));
  const to = Math.min(tokens.length, from + words);
  const start = from === 0 ? 0 : (tokens[from]?.start ?? 0);
  const end = to === tokens.length ? text.length : (tokens[to - 1]?.end ?? text.length);
  const pieces = piecesOf(text.slice(0, end), tokens.slice(from, to), start);
  if (from > 0) pieces.unshift({ text: '… ', mark: false });
  if (to < tokens.length) pieces.push({ text: ' …', mark: false });
  return pieces;
}

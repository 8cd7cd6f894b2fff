/**
 * The one form redirects keep and compare addresses in: readable, with percent-escapes decoded once, so that
 * `/старая-страница` and `/%D1%81%D1%82%D0%B0%D1%80%D0%B0%D1%8F-%D1%81%D1%82%D1%80%D0%B0%D0%BD%D0%B8%D1%86%D0%B0`
 * are one address whichever way an editor typed it or a browser sent it.
 */

export const MALFORMED_ESCAPE_MESSAGE =
  'В адресе неверная последовательность «%…»: после % идут две шестнадцатеричные цифры, а сам знак процента пишется как %25.';

/** A percent-escape, e.g. `%2F`. */
const ESCAPE = /%[0-9A-F]{2}/gi;
/** Escapes kept as they are, and the text between them. */
const ESCAPE_OR_TEXT = /%[0-9A-F]{2}|[^%]+|%/gi;
/** A UTF-16 surrogate without its pair, which no address can hold. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * An address with its escapes decoded once, or null when an escape is malformed (`%zz`, a lone `%`, bytes that
 * are not UTF-8). Escapes of characters that would change the address's meaning once decoded (`/`, `?`, `#`, `%`
 * and the other reserved characters) stay escaped, in upper case, so that decoding again changes nothing.
 */
export function decodedPath(address: string): string | null {
  let decoded: string;
  try {
    // `decodeURI` keeps reserved characters escaped but decodes `%25`: escaping its `%` once more keeps it too.
    decoded = decodeURI(address.replace(/%25/g, '%2525'));
  } catch {
    return null;
  }
  if (LONE_SURROGATE.test(decoded)) return null;
  return decoded.replace(ESCAPE, (escape) => escape.toUpperCase());
}

/**
 * An address as a `Location` header carries it: the decoded form encoded once. Escapes already there are kept
 * (never `%25`-escaped again); anything else a URL may not hold as it is (Cyrillic letters, spaces) is escaped.
 */
export function encodedAddress(address: string): string {
  const decoded = decodedPath(address) ?? address.replace(new RegExp(LONE_SURROGATE, 'g'), '\uFFFD');
  return (decoded.match(ESCAPE_OR_TEXT) ?? []).map((part) => (part.length === 3 && part.startsWith('%') ? part : encodeURI(part))).join('');
}

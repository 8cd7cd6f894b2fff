/** The longest e-mail address mail can carry (RFC 5321: a 254-character path), and the longest part before the `@`. */
export const EMAIL_MAX = 254;
const LOCAL_PART_MAX = 64;
const LABEL_MAX = 63;

/** The characters an unquoted local part may hold (RFC 5322 `atext` and the dot), letters of any script included. */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]+$/u;
/** The characters of one label of a domain: letters of any script (`почта.рф`), digits, hyphens. */
const LABEL = /^[\p{L}\p{N}-]+$/u;

const isLabel = (label: string): boolean => label.length <= LABEL_MAX && LABEL.test(label) && !label.startsWith('-') && !label.endsWith('-');

/**
 * Whether a text is one plain e-mail address, the only form the product takes anywhere (accounts, the feedback
 * form, settings): a local part, one `@`, a domain of at least two dot-separated labels. Nothing that would let the
 * address be read as something else once it stands in a mail header: no display name (`x<evil@attacker.example>`),
 * no list (`a,b@example.com`), no spaces, quotes, brackets or control characters. The length is checked first and
 * every check after it runs once over the text, so the time stays linear in the length whatever the text.
 */
export function isPlainEmail(value: string): boolean {
  if (value.length > EMAIL_MAX) return false;
  const at = value.indexOf('@');
  if (at < 1 || at > LOCAL_PART_MAX || at !== value.lastIndexOf('@')) return false;
  const local = value.slice(0, at);
  if (!LOCAL_PART.test(local) || local.startsWith('.') || local.endsWith('.') || local.includes('..')) return false;
  const labels = value.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every(isLabel);
}

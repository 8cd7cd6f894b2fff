import { urlProblem } from '../../lib/resources/index.js';
import { redirects as descriptor } from '../../lib/resources/site.js';
import { CONTROL_CHARACTERS } from '../../lib/ids.js';
import { isSitePath } from '../../lib/site.js';
import { canonicalPath } from '../http/canonicalPath.js';
import { decodedPath, MALFORMED_ESCAPE_MESSAGE } from './paths.js';

export interface Redirect {
  from_path: string;
  to_path: string;
}

/** Addresses that never reach a page of the site, so a redirect from them would never be followed. */
const NOT_PAGES = /^\/(?:api|admin|uploads|assets)(?:\/|$)/;

export const CONTROL_IN_ADDRESS_MESSAGE =
  'В адресе есть управляющие символы (перевод строки, табуляция, NUL), в том числе записанные через «%»: такой адрес не открыть.';

export const PAGE_WINS_MESSAGE =
  'По этому адресу открывается страница сайта: страница важнее перенаправления, и оно бы не сработало, а перенаправления на этот адрес стали бы цепочками. Уберите страницу с этого адреса или выберите другой.';

/**
 * What is wrong with one address of a redirect as it will be stored (decoded once), or null: the rules of the field,
 * checked on the decoded form, so that an escaped line break (`%0D%0A`) or NUL is refused like a typed one. The REST
 * API and the CSV import both check an address with it.
 */
export function addressProblem(field: keyof Redirect, address: string): string | null {
  const definition = descriptor.fields[field];
  if (address.length > definition.max) return `адрес длиннее ${definition.max} символов.`;
  if (decodedPath(address) === null) return MALFORMED_ESCAPE_MESSAGE;
  if (CONTROL_CHARACTERS.test(address)) return CONTROL_IN_ADDRESS_MESSAGE;
  return urlProblem(definition, address) ?? null;
}

/**
 * The page an address leads to, in the one spelling requests reach the site in (no query, no trailing slash, runs of
 * slashes collapsed), or null for another site. An absolute address on the site's own origin is its path: leading
 * to `https://site/b` is leading to `/b`.
 */
function pageOf(address: string, origin: string | null): string | null {
  let path = address;
  if (!address.startsWith('/')) {
    if (origin === null || !address.startsWith(`${origin}/`)) return null;
    path = address.slice(origin.length);
  }
  return canonicalPath(path.split(/[?#]/)[0] ?? path);
}

/** The addresses redirects start from and lead to, in one spelling, for the rules below. */
export interface RedirectIndex {
  froms: ReadonlySet<string>;
  targets: ReadonlySet<string>;
  /** The site's origin (`https://www.example.ru`): an absolute address on it is a path of the site. */
  origin: string | null;
}

export const indexRedirects = (redirects: readonly Redirect[], origin: string | null): RedirectIndex => ({
  froms: new Set(redirects.map((redirect) => canonicalPath(redirect.from_path))),
  targets: new Set(redirects.flatMap((redirect) => pageOf(redirect.to_path, origin) ?? [])),
  origin,
});

/**
 * What is wrong with a redirect among the others (the index may hold the redirect itself), or null: it must start
 * from a page's address, must not lead to itself, and must lead straight to a page — never to an address that
 * redirects again (a chain), nor be the target of another redirect (which would then need two hops). Chains are
 * refused, not collapsed: the MANAGER names the final address. Addresses compare as requests reach the site.
 */
export function redirectProblem(redirect: Redirect, others: RedirectIndex): { field: keyof Redirect; message: string } | null {
  const from = canonicalPath(redirect.from_path);
  const to = pageOf(redirect.to_path, others.origin);
  if (NOT_PAGES.test(from) || !isSitePath(redirect.from_path)) return { field: 'from_path', message: 'Этот адрес не относится к страницам сайта.' };
  if (to === from) return { field: 'to_path', message: 'Перенаправление ведёт само на себя.' };
  if (to !== null && others.froms.has(to)) {
    return { field: 'to_path', message: 'С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.' };
  }
  if (others.targets.has(from)) return { field: 'from_path', message: 'На этот адрес ведёт другое перенаправление: цепочки не допускаются.' };
  return null;
}

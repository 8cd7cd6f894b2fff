import { isSitePath } from '../../lib/site.js';

export interface Redirect {
  from_path: string;
  to_path: string;
}

/** Addresses that never reach a page of the site, so a redirect from them would never be followed. */
const NOT_PAGES = /^\/(api|admin|uploads|assets)(\/|$)/;

/** The path of an address on this site (`/news/x` of `https://host/news/x` is not: only paths are compared). */
const pathOf = (address: string): string => address.split(/[?#]/)[0] ?? address;

/** The addresses redirects start from and lead to, for the rules below. */
export interface RedirectIndex {
  froms: ReadonlySet<string>;
  targets: ReadonlySet<string>;
}

export const indexRedirects = (redirects: readonly Redirect[]): RedirectIndex => ({
  froms: new Set(redirects.map((redirect) => redirect.from_path)),
  targets: new Set(redirects.map((redirect) => pathOf(redirect.to_path))),
});

/**
 * What is wrong with a redirect among the others (the index may hold the redirect itself), or null: it must start
 * from a page's address, must not lead to itself, and must lead straight to a page — never to an address that
 * redirects again (a chain), nor be the target of another redirect (which would then need two hops).
 */
export function redirectProblem(redirect: Redirect, others: RedirectIndex): { field: keyof Redirect; message: string } | null {
  const from = redirect.from_path;
  const to = pathOf(redirect.to_path);
  if (NOT_PAGES.test(from) || !isSitePath(from)) return { field: 'from_path', message: 'Этот адрес не относится к страницам сайта.' };
  if (to === from) return { field: 'to_path', message: 'Перенаправление ведёт само на себя.' };
  if (others.froms.has(to)) {
    return { field: 'to_path', message: 'С этого адреса уже есть перенаправление: укажите конечный адрес, цепочки не допускаются.' };
  }
  if (others.targets.has(from)) return { field: 'from_path', message: 'На этот адрес ведёт другое перенаправление: цепочки не допускаются.' };
  return null;
}

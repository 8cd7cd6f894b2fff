import { redirect, render } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { PAGE_NOT_FOUND_MESSAGE, parsePageParam } from '@lib/paging.js';

/**
 * Guards (middleware) pages declare by name in their `+config.ts` (`guards: ['pageParam']`). The root `+guard.ts`
 * runs them in order; a name missing from this registry is a programming error and answers 500.
 */
export type Guard = (pageContext: PageContext) => void | Promise<void>;

export class UnknownGuardError extends Error {
  constructor(name: string) {
    super(`Unknown guard (middleware) "${name}"`);
    this.name = 'UnknownGuardError';
  }
}

/** The path and query without `page`, for the 301 of `?page=1`. */
export function withoutPageParam(pathname: string, search: Record<string, string>): string {
  const params = new URLSearchParams(Object.entries(search).filter(([key]) => key !== 'page'));
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** `?page=1` → 301 to the path without it; a page value that is not a whole number ≥ 1 → 404 "Page not found." */
export const pageParam: Guard = (pageContext) => {
  const values = pageContext.urlParsed.searchAll.page ?? [];
  if (values.length === 0) return;
  const page = values.length === 1 ? parsePageParam(values[0]) : null;
  if (page === null) throw render(404, PAGE_NOT_FOUND_MESSAGE);
  if (page === 1) {
    const target = withoutPageParam(pageContext.urlParsed.pathname, pageContext.urlParsed.search);
    throw redirect(target as `/${string}`, 301);
  }
};

export const GUARDS: Readonly<Record<string, Guard>> = { pageParam };

export async function runGuards(names: readonly string[], pageContext: PageContext, registry: Readonly<Record<string, Guard>> = GUARDS): Promise<void> {
  for (const name of names) {
    const guard = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
    if (!guard) throw new UnknownGuardError(name);
    await guard(pageContext);
  }
}

/** The page number of a list page, once `pageParam` has let it through. */
export function currentPage(pageContext: PageContext): number {
  return parsePageParam(pageContext.urlParsed.search.page) ?? 1;
}

/** A list page beyond the last one is a 404 "Page not found." too (page 1 of an empty list is not). */
export function assertPageExists(page: number, pageCount: number): void {
  if (page > Math.max(1, pageCount)) throw render(404, PAGE_NOT_FOUND_MESSAGE);
}

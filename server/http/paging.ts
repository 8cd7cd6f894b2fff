import { PAGE_NOT_FOUND_MESSAGE, parsePageParam } from '../../lib/paging.js';
import { HttpError } from './errors.js';

/** The page a query parameter asks for; a value that is not a whole number of at least 1 is a 404 "Page not found." */
export function requirePage(value: unknown): number {
  const page = parsePageParam(value);
  if (page === null) throw new HttpError(404, PAGE_NOT_FOUND_MESSAGE);
  return page;
}

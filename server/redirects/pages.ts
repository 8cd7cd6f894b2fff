import type { FastifyInstance } from 'fastify';
import { encodedAddress } from './paths.js';

/** How many addresses are opened at once when a file of redirects is checked. */
const CHECKED_AT_ONCE = 4;

/**
 * Whether a page of the site answers at an address (decoded, as redirects keep it): the site is asked as a visitor
 * would ask it, since a page there wins over any redirect from it. Call it outside any write's transaction: the page
 * reads the database.
 */
export async function pageAnswers(app: FastifyInstance, path: string): Promise<boolean> {
  const answer = await app.inject({ method: 'GET', url: encodedAddress(path) });
  return answer.statusCode === 200;
}

/** The addresses among `paths` where a page answers. */
export async function pagesAmong(app: FastifyInstance, paths: readonly string[]): Promise<Set<string>> {
  const pages = new Set<string>();
  const queue = [...new Set(paths)];
  const worker = async () => {
    for (let path = queue.pop(); path !== undefined; path = queue.pop()) if (await pageAnswers(app, path)) pages.add(path);
  };
  await Promise.all(Array.from({ length: CHECKED_AT_ONCE }, worker));
  return pages;
}

/** The address of a page of results (page 1 is the address without `page`). */
export function searchHref(q: string, page = 1): string {
  const query = new URLSearchParams({ q });
  if (page >= 2) query.set('page', String(page));
  return `/poisk?${query.toString()}`;
}

/**
 * The whole sitemap as one text: `/sitemap.xml` (an index) followed by every file it lists, read through `read`
 * (the test's own way of getting a path's body). Files are named by their path on the site.
 */
export async function wholeSitemap(read: (path: string) => Promise<string>): Promise<string> {
  const index = await read('/sitemap.xml');
  const files = [...index.matchAll(/<sitemap><loc>[a-z]+:\/\/[^/<]+(\/sitemaps\/[^<]+)<\/loc>/g)].map((match) => match[1] ?? '');
  if (files.length === 0) throw new Error(`the sitemap index lists no files:\n${index}`);
  return [index, ...(await Promise.all(files.map(read)))].join('\n');
}

/** Search results are not for search engines: every query would be a page of its own. */
export function Head() {
  return <meta name="robots" content="noindex" />;
}

/**
 * `/admin` and every path under it (`/admin/news/3`…). A Route String `/admin/*` would not match `/admin` itself,
 * so this is a Route Function.
 */
export default function route(pageContext: { urlPathname: string }): boolean {
  const path = pageContext.urlPathname;
  return path === '/admin' || path === '/admin/' || path.startsWith('/admin/');
}

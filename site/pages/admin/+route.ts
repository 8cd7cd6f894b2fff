/**
 * `/admin` and every path under it (`/admin/news/3`…). A Route String `/admin/*` would not match `/admin` itself,
 * so this is a Route Function; its positive precedence puts it before the site's filesystem route `/@identifier`
 * (text pages), which would otherwise take `/admin`.
 */
export default function route(pageContext: { urlPathname: string }): false | { precedence: number } {
  const path = pageContext.urlPathname;
  return path === '/admin' || path.startsWith('/admin/') ? { precedence: 10 } : false;
}

/**
 * A text page at the site's root (`/o-kompanii`): one path segment, except `admin`, the address of the admin app,
 * which is not a Vike page. Without the exception a link to /admin on a public page would be routed in the browser to
 * this page; with it, no page matches and the browser loads /admin from the server. Pages with a folder of their own
 * (`/news`, `/investoram`) still come first: filesystem routes take precedence over a route function.
 */
export default function route(pageContext: { urlPathname: string }): false | { routeParams: { identifier: string } } {
  const identifier = /^\/([^/]+)$/.exec(pageContext.urlPathname)?.[1];
  return identifier && identifier !== 'admin' ? { routeParams: { identifier } } : false;
}

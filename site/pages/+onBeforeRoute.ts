import { redirect } from 'vike/abort';
import type { PageContext } from 'vike/types';
import { DEFAULT_LOCALE, localizedPath, splitLocalePath } from '@lib/locales.js';
import { SITE_REDIRECTS } from '@lib/site.js';

/**
 * The language of the address: where the site has English, `/en/…` is the page of `…` in English, routed as
 * that page (the server reads its content in English). The site's permanent redirects (`/media` to its first tab)
 * hold in every language, each within its own. With Russian alone nothing changes.
 */
export function onBeforeRoute(pageContext: PageContext) {
  const locales = pageContext.site.locales;
  if (!locales) return undefined;
  const { locale, path } = splitLocalePath(pageContext.urlOriginal, locales);
  const redirected = locale === DEFAULT_LOCALE ? undefined : SITE_REDIRECTS[path.split('?')[0] ?? path];
  if (redirected) throw redirect(localizedPath(locale, redirected), 301);
  return { pageContext: { locale, urlLogical: path } };
}

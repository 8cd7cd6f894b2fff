import { usePageContext } from 'vike-react/usePageContext';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';
import { jsonForScript } from '../jsonLd.js';

export interface Crumb {
  title: string;
  href?: string;
}

/**
 * The trail from the home page to the current one, and the same trail for search engines (JSON-LD
 * `BreadcrumbList`): every page that shows a trail describes it, the current page last and without an address.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const texts = useTexts();
  const localized = useLocalizedPath();
  const { publicUrl } = usePageContext().site;
  const trail: Crumb[] = [{ title: texts.home, href: localized('/') }, ...items];
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      ...(crumb.href ? { item: `${publicUrl}${crumb.href}` } : {}),
    })),
  };
  return (
    <nav className="breadcrumbs" aria-label={texts.breadcrumbs}>
      <ol>
        {trail.map((crumb) => (
          <li key={`${crumb.title}-${crumb.href ?? ''}`}>
            {crumb.href ? <a href={crumb.href}>{crumb.title}</a> : <span aria-current="page">{crumb.title}</span>}
          </li>
        ))}
      </ol>
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(structured) }} />
    </nav>
  );
}

import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';

export interface Crumb {
  title: string;
  href?: string;
}

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <nav className="breadcrumbs" aria-label={texts.breadcrumbs}>
      <ol>
        <li>
          <a href={localized('/')}>{texts.home}</a>
        </li>
        {items.map((item) => (
          <li key={`${item.title}-${item.href ?? ''}`}>{item.href ? <a href={item.href}>{item.title}</a> : <span aria-current="page">{item.title}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

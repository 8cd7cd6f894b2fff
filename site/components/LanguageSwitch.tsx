import { usePageContext } from 'vike-react/usePageContext';
import { switchTarget } from '../i18n/alternates.js';
import { useLocale, useTexts } from '../i18n/useTexts.js';

/**
 * The switch to the other languages of the site: each language a link to this page in it (or to its section's
 * list when the page has no version there), the current one marked. Absent with Russian alone.
 */
export function LanguageSwitch() {
  const pageContext = usePageContext();
  const texts = useTexts();
  const current = useLocale();
  const { locales } = pageContext.site;
  if (!locales) return null;
  return (
    <ul className="language-switch" aria-label={texts.languageSwitch}>
      {locales.map((locale) => {
        const name = texts.languageNames[locale];
        if (locale === current) {
          return (
            <li key={locale}>
              <span aria-current="true" lang={locale}>
                {name}
              </span>
            </li>
          );
        }
        const target = switchTarget(pageContext, locale);
        return target ? (
          <li key={locale}>
            <a href={target} hrefLang={locale} lang={locale}>
              {name}
            </a>
          </li>
        ) : null;
      })}
    </ul>
  );
}

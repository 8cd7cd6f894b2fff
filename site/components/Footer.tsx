import { usePageContext } from 'vike-react/usePageContext';
import { loadConsent } from '../client/consentChunk.js';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';
import { useLayout } from '../useLayout.js';

const NETWORK_LABELS: Record<string, string> = { vk: 'VK', telegram: 'TG', ok: 'OK', dzen: 'Дзен' };

const networkLabel = (network: { icon: string; title: string }) => NETWORK_LABELS[network.icon] ?? network.title.slice(0, 2);

/** «Настройки cookie»: the banner opens again (its chunk is loaded by then, the banner having asked for it). */
const openConsentSettings = () =>
  void loadConsent().then(
    (consent) => consent.requestConsentSettings(),
    () => undefined,
  );

export function Footer() {
  const { site } = usePageContext();
  const layout = useLayout();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__name">{site.brand}</p>
          <a className="footer__phone" href={`tel:${site.phone.e164}`}>
            {site.phone.display}
          </a>
          <p className="footer__note">{texts.freeCall}</p>
        </div>
        <nav className="footer__col" aria-label={texts.footerInformation}>
          <p className="footer__heading">{texts.footerCompany}</p>
          <ul>
            {(layout?.menus.footer ?? []).map((item) => (
              <li key={item.id}>
                <a href={item.url}>{item.title}</a>
              </li>
            ))}
            <li>
              <a href={localized('/rss.xml')}>{texts.newsFeed}</a>
            </li>
            {site.analytics && (
              <li>
                <button type="button" className="footer__button" onClick={openConsentSettings}>
                  {texts.cookieSettings}
                </button>
              </li>
            )}
          </ul>
        </nav>
        <nav className="footer__col" aria-label={texts.footerPayment}>
          <p className="footer__heading">{texts.footerPayment}</p>
          <ul>
            {(layout?.menus.payment ?? []).map((item) => (
              <li key={item.id}>
                <a href={item.url}>{item.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="footer__col">
          <p className="footer__heading">{texts.footerNetworks}</p>
          <ul className="networks">
            {(layout?.networks ?? []).map((network) => (
              <li key={network.id}>
                {/* The accessible name starts with the visible label, so voice control finds «VK» by what it shows. */}
                <a
                  className="networks__link"
                  href={network.url}
                  target="_blank"
                  rel="noopener noreferrer external"
                  aria-label={`${networkLabel(network)}: ${network.title}`}
                  title={network.title}
                >
                  {networkLabel(network)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="container footer__bottom">
        <p>
          © {year} {site.brand}
          {texts.allRightsReserved}
        </p>
      </div>
    </footer>
  );
}

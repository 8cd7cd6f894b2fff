import { useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import type { MenuLink } from '@lib/types.js';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';
import { useLayout } from '../useLayout.js';
import { LanguageSwitch } from './LanguageSwitch.js';
import { LowVisionPanel, LowVisionSwitch, useLowVision } from './LowVision.js';

function isCurrent(url: string, pathname: string): boolean {
  if (url === '/') return pathname === '/';
  return pathname === url || pathname.startsWith(`${url}/`);
}

function Logo({ brand }: { brand: string }) {
  const texts = useTexts();
  return (
    <a className="logo" href={useLocalizedPath()('/')} aria-label={texts.logoLabel(brand)}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M9 21c2 2 4.5 3 7 3 4 0 7-2 7-5.5S20 14 16 13.2c-3-.6-4.4-1.2-4.4-2.7 0-1.4 1.5-2.5 3.8-2.5 2 0 3.6.7 5 1.8"
          stroke="#fff"
          strokeWidth="3"
          fill="none"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__text">{brand}</span>
    </a>
  );
}

function MainMenu({ items, pathname }: { items: MenuLink[]; pathname: string }) {
  return (
    <ul className="nav__list">
      {items.map((item) => (
        <li key={item.id} className={`nav__item${item.children.length ? ' nav__item--parent' : ''}`}>
          <a className="nav__link" href={item.url} aria-current={isCurrent(item.url, pathname) ? 'page' : undefined}>
            {item.title}
          </a>
          {item.children.length > 0 && (
            <ul className="nav__sub" aria-label={item.title}>
              {item.children.map((child) => (
                <li key={child.id}>
                  <a className="nav__sublink" href={child.url} aria-current={pathname === child.url ? 'page' : undefined}>
                    {child.title}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function Header() {
  const { site, urlPathname } = usePageContext();
  const layout = useLayout();
  const texts = useTexts();
  // The menus link the pages in the page's language; the route's path is the page's without the language.
  const localized = useLocalizedPath();
  const [open, setOpen] = useState(false);
  const [lowVision, chooseLowVision] = useLowVision();
  const lowVisionOffered = layout?.lowVision !== false;
  return (
    <header className="header">
      {lowVisionOffered && <LowVisionPanel choice={lowVision} choose={chooseLowVision} />}
      <div className="topbar">
        <div className="container topbar__inner">
          {lowVisionOffered && <LowVisionSwitch on={lowVision !== null} choose={chooseLowVision} />}
          <ul className="topbar__menu" aria-label={texts.quickLinks}>
            {(layout?.menus.header ?? []).map((item) => (
              <li key={item.id}>
                <a href={item.url}>{item.title}</a>
              </li>
            ))}
          </ul>
          <form className="topbar__search" action={localized('/poisk')} method="get" role="search" aria-label={texts.searchLabel}>
            <label className="visually-hidden" htmlFor="header-search-q">
              {texts.searchLabel}
            </label>
            <input
              id="header-search-q"
              className="topbar__search-input"
              type="search"
              name="q"
              placeholder={texts.searchPlaceholder}
              maxLength={200}
              required
            />
            <button className="topbar__search-button" type="submit" aria-label={texts.searchButton}>
              ⌕
            </button>
          </form>
          <a className="topbar__phone" href={`tel:${site.phone.e164}`}>
            {site.phone.display}
          </a>
          <LanguageSwitch />
        </div>
      </div>
      <div className="container header__inner">
        <Logo brand={site.brand} />
        <button
          type="button"
          className="burger"
          aria-expanded={open}
          aria-controls="main-nav"
          aria-label={open ? texts.closeMenu : texts.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="burger__line" />
          <span className="burger__line" />
          <span className="burger__line" />
        </button>
        <nav id="main-nav" className={`nav${open ? ' nav--open' : ''}`} aria-label={texts.mainMenu}>
          <MainMenu items={layout?.menus.main ?? []} pathname={localized(urlPathname)} />
        </nav>
      </div>
    </header>
  );
}

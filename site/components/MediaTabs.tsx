import { MEDIA_TABS, type MediaTabKey } from '@lib/site.js';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';

/** The four tabs of the media section, as links (each tab is its own page). */
export function MediaTabs({ current }: { current: MediaTabKey }) {
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <nav className="tabs" aria-label={texts.mediaSections}>
      <ul className="tabs__list">
        {MEDIA_TABS.map((tab) => (
          <li key={tab.key}>
            <a
              className={`tabs__tab${tab.key === current ? ' tabs__tab--current' : ''}`}
              href={localized(`/media/${tab.key}`)}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {texts.mediaTabs[tab.key].title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

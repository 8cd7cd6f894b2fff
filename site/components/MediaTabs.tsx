import { MEDIA_TABS, type MediaTabKey } from '@lib/site.js';

/** The four tabs of the media section, as links (each tab is its own page). */
export function MediaTabs({ current }: { current: MediaTabKey }) {
  return (
    <nav className="tabs" aria-label="Разделы медиацентра">
      <ul className="tabs__list">
        {MEDIA_TABS.map((tab) => (
          <li key={tab.key}>
            <a
              className={`tabs__tab${tab.key === current ? ' tabs__tab--current' : ''}`}
              href={`/media/${tab.key}`}
              aria-current={tab.key === current ? 'page' : undefined}
            >
              {tab.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

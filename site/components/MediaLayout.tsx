import type { ReactNode } from 'react';
import { mediaTab, type MediaTabKey } from '@lib/site.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { MediaTabs } from './MediaTabs.js';

export function MediaLayout({ tab, page, children }: { tab: MediaTabKey; page?: number; children: ReactNode }) {
  const { title } = mediaTab(tab);
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: 'Медиацентр', href: '/media/nashi-novosti' }, { title }]} />
      <h1 className="page__title">
        Медиацентр<span className="visually-hidden">: {title}</span>
        {page && page > 1 ? <span className="page__suffix"> — страница {page}</span> : null}
      </h1>
      <MediaTabs current={tab} />
      <div className="tab-panel">{children}</div>
    </div>
  );
}

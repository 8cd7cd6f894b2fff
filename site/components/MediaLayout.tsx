import type { ReactNode } from 'react';
import type { MediaTabKey } from '@lib/site.js';
import { useLocalizedPath, useTexts } from '../i18n/useTexts.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { MediaTabs } from './MediaTabs.js';

export function MediaLayout({ tab, page, children }: { tab: MediaTabKey; page?: number; children: ReactNode }) {
  const texts = useTexts();
  const localized = useLocalizedPath();
  const { title } = texts.mediaTabs[tab];
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: texts.mediaCentre, href: localized('/media/nashi-novosti') }, { title }]} />
      <h1 className="page__title">
        {texts.mediaCentre}
        <span className="visually-hidden">: {title}</span>
        {page && page > 1 ? (
          <span className="page__suffix">
            {texts.headingPage}
            {page}
          </span>
        ) : null}
      </h1>
      <MediaTabs current={tab} />
      <div className="tab-panel">{children}</div>
    </div>
  );
}

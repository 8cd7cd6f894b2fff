import type { ReactNode } from 'react';
import { useData } from 'vike-react/useData';
import type { PhotobankCategory } from '@lib/types.js';
import { PHOTOBANK_PATH, photobankCategoryPath } from '@lib/site.js';
import { MediaLayout } from '../../../../components/MediaLayout.js';
import { Pagination } from '../../../../components/Pagination.js';
import { LogoItems, PhotoItems } from '../../../../components/photobank/PhotobankItems.js';
import { useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import { listHref } from '../../../../meta.js';
import type { PhotobankData } from './+data.js';

const LOGO_ARCHIVE_URL = '/api/photobank/logos/archive';

/** A category of the photobank page: its title (a link to its own page), its first page of items, and the way on. */
function Category<T>({ category, children }: { category: PhotobankCategory<T>; children: (items: readonly T[]) => ReactNode }) {
  const texts = useTexts();
  const path = useLocalizedPath()(photobankCategoryPath(category.id));
  return (
    <section className="pb-category">
      <h3 className="pb-category__title">
        <a href={path}>{category.title}</a>
      </h3>
      {children(category.items)}
      {category.pageCount > 1 && (
        <div className="load-more">
          <a className="button button--ghost" href={listHref(path, {}, 2)} data-testid="photobank-more">
            {texts.showMore}
          </a>
        </div>
      )}
    </section>
  );
}

export function Page() {
  const { logos, photos, page, pageCount } = useData<PhotobankData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const firstLogoId = logos.flatMap((group) => group.categories.flatMap((category) => category.items)).find((item) => item.type === 'logo' && item.preview)?.id;
  return (
    <MediaLayout tab="photobank">
      <div className="photobank__intro">
        <p>{texts.photobankIntro}</p>
        <a className="button" href={LOGO_ARCHIVE_URL} download data-testid="logo-archive">
          {texts.downloadAllLogos}
        </a>
      </div>
      {logos.map((group) => (
        <section key={group.id} className="pb-group" aria-labelledby={`pb-group-${group.id}`}>
          <h2 id={`pb-group-${group.id}`} className="pb-group__title">
            {group.title}
          </h2>
          {group.categories.map((category) => (
            <Category key={category.id} category={category}>
              {(items) => <LogoItems items={items} firstLogoId={firstLogoId} />}
            </Category>
          ))}
        </section>
      ))}
      {photos.map((group) => (
        <section key={group.id} className="pb-group" aria-labelledby={`pb-group-${group.id}`}>
          <h2 id={`pb-group-${group.id}`} className="pb-group__title">
            {group.title}
          </h2>
          {group.categories.map((category) => (
            <Category key={category.id} category={category}>
              {(items) => <PhotoItems items={items} />}
            </Category>
          ))}
        </section>
      ))}
      <Pagination pathname={localized(PHOTOBANK_PATH)} page={page} pageCount={pageCount} />
    </MediaLayout>
  );
}

import { useData } from 'vike-react/useData';
import type { PressArticle } from '@lib/types.js';
import { useLoadMore } from '../../../../client/useLoadMore.js';
import { DateText } from '../../../../components/DateText.js';
import { LoadMoreButton } from '../../../../components/LoadMoreButton.js';
import { MediaLayout } from '../../../../components/MediaLayout.js';
import { AltInPlace } from '../../../../components/Picture.js';
import { Pagination } from '../../../../components/Pagination.js';
import { useApiInLanguage, useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import type { PressData } from './+data.js';

function SourceLogo({ item }: { item: PressArticle }) {
  const texts = useTexts();
  const source = item.source;
  if (source?.logo) {
    return (
      <>
        <img
          className="press__logo"
          src={source.logo.src}
          width={source.logo.width}
          height={source.logo.height}
          alt={texts.logoOf(source.name)}
          loading="lazy"
          decoding="async"
        />
        <AltInPlace alt={texts.logoOf(source.name)} />
      </>
    );
  }
  return (
    <span className="press__logo press__logo--text" aria-hidden="true">
      {(source?.name ?? texts.pressFallback).slice(0, 2)}
    </span>
  );
}

export function Page() {
  const { list: initial } = useData<PressData>();
  const texts = useTexts();
  const localized = useLocalizedPath();
  const inLanguage = useApiInLanguage();
  const list = useLoadMore(initial, (page) => inLanguage(`/api/media/other-items?page=${page}`));
  return (
    <MediaLayout tab="smi-o-nas" page={initial.page}>
      {list.items.length === 0 ? (
        <p className="empty">{texts.noPublications}</p>
      ) : (
        <ul className="press" data-testid="press-list">
          {list.items.map((item) => (
            <li key={item.id} className="press__item">
              <SourceLogo item={item} />
              <div className="press__body">
                <p className="press__meta">
                  {item.source && <span className="press__source">{item.source.name}</span>}
                  <DateText value={item.public_at} />
                </p>
                <h2 className="press__title">
                  <a href={item.url} target="_blank" rel="noopener noreferrer external">
                    {item.title}
                    <span className="visually-hidden">{texts.opensInNewTab}</span>
                  </a>
                </h2>
                {item.lead && <p className="press__lead">{item.lead}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton list={list} />
      <Pagination pathname={localized('/media/smi-o-nas')} page={initial.page} pageCount={initial.pageCount} />
    </MediaLayout>
  );
}

import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ArticleCard } from '../../../components/ArticleCard.js';
import { DateText } from '../../../components/DateText.js';
import { useLocalizedPath, useTexts } from '../../../i18n/useTexts.js';
import type { HomeData } from './+data.js';

export function Page() {
  const { news, generals } = useData<HomeData>();
  const { site } = usePageContext();
  const texts = useTexts();
  const localized = useLocalizedPath();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{site.brand}</h1>
          <p className="hero__lead">{texts.siteDescription?.(site.brand) ?? site.description}</p>
          <div className="hero__actions">
            <a className="button" href={localized('/news')}>
              {texts.allNews}
            </a>
            <a className="button button--ghost" href={localized('/investoram')}>
              {texts.sectionTitles.investoram}
            </a>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="home-news">
        <div className="section__head">
          <h2 id="home-news" className="section__title">
            {texts.news}
          </h2>
          <a className="section__more" href={localized('/news')}>
            {texts.allNewsMore}
          </a>
        </div>
        <div className="cards" data-testid="home-news">
          {news.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={localized(`/news/${article.slug}`)} priority={index === 0} headingLevel="h3" />
          ))}
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="home-media">
        <div className="container">
          <div className="section__head">
            <h2 id="home-media" className="section__title">
              {texts.mediaCentre}
            </h2>
            <a className="section__more" href={localized('/media/nashi-novosti')}>
              {texts.goToMediaCentre}
            </a>
          </div>
          <div className="highlights">
            {generals.our && (
              <a className="highlight" href={localized(`/media/nashi-novosti/${generals.our.slug}`)}>
                <span className="highlight__kind">{texts.ourNews}</span>
                <span className="highlight__title">{generals.our.title}</span>
                <DateText className="highlight__date" value={generals.our.public_at} />
              </a>
            )}
            {generals.other && (
              <a className="highlight" href={localized('/media/smi-o-nas')}>
                <span className="highlight__kind">
                  {texts.mediaTabs['smi-o-nas'].title}
                  {generals.other.source ? ` · ${generals.other.source.name}` : ''}
                </span>
                <span className="highlight__title">{generals.other.title}</span>
                <DateText className="highlight__date" value={generals.other.public_at} />
              </a>
            )}
            {generals.video && (
              <a className="highlight" href={localized('/media/video')}>
                <span className="highlight__kind">{texts.mediaTabs.video.title}</span>
                <span className="highlight__title">{generals.video.title}</span>
                <DateText className="highlight__date" value={generals.video.public_at} />
              </a>
            )}
            <a className="highlight highlight--accent" href={localized('/media/photobank')}>
              <span className="highlight__kind">{texts.mediaTabs.photobank.title}</span>
              <span className="highlight__title">{texts.photobankHighlight}</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

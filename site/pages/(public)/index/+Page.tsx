import { useData } from 'vike-react/useData';
import { usePageContext } from 'vike-react/usePageContext';
import { ArticleCard } from '../../../components/ArticleCard.js';
import { DateText } from '../../../components/DateText.js';
import type { HomeData } from './+data.js';

export function Page() {
  const { news, generals } = useData<HomeData>();
  const { site } = usePageContext();
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <h1 className="hero__title">{site.brand}</h1>
          <p className="hero__lead">{site.description}</p>
          <div className="hero__actions">
            <a className="button" href="/news">
              Все новости
            </a>
            <a className="button button--ghost" href="/investoram">
              Инвесторам
            </a>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="home-news">
        <div className="section__head">
          <h2 id="home-news" className="section__title">
            Новости
          </h2>
          <a className="section__more" href="/news">
            Все новости →
          </a>
        </div>
        <div className="cards" data-testid="home-news">
          {news.map((article, index) => (
            <ArticleCard key={article.id} article={article} href={`/news/${article.slug}`} priority={index === 0} headingLevel="h3" />
          ))}
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="home-media">
        <div className="container">
          <div className="section__head">
            <h2 id="home-media" className="section__title">
              Медиацентр
            </h2>
            <a className="section__more" href="/media/nashi-novosti">
              Перейти в медиацентр →
            </a>
          </div>
          <div className="highlights">
            {generals.our && (
              <a className="highlight" href={`/media/nashi-novosti/${generals.our.slug}`}>
                <span className="highlight__kind">Наши новости</span>
                <span className="highlight__title">{generals.our.title}</span>
                <DateText className="highlight__date" value={generals.our.public_at} />
              </a>
            )}
            {generals.other && (
              <a className="highlight" href="/media/smi-o-nas">
                <span className="highlight__kind">СМИ о нас{generals.other.source ? ` · ${generals.other.source.name}` : ''}</span>
                <span className="highlight__title">{generals.other.title}</span>
                <DateText className="highlight__date" value={generals.other.public_at} />
              </a>
            )}
            {generals.video && (
              <a className="highlight" href="/media/video">
                <span className="highlight__kind">Видео</span>
                <span className="highlight__title">{generals.video.title}</span>
                <DateText className="highlight__date" value={generals.video.public_at} />
              </a>
            )}
            <a className="highlight highlight--accent" href="/media/photobank">
              <span className="highlight__kind">Фотобанк</span>
              <span className="highlight__title">Логотипы, фирменные цвета и фотографии для публикаций</span>
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

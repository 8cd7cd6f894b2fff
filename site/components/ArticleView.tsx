import type { ArticlePageData } from '../articleData.js';
import { Breadcrumbs } from './Breadcrumbs.js';
import { DateText } from './DateText.js';
import { Picture } from './Picture.js';
import { RichText } from './RichText.js';

export function ArticleView({ data }: { data: ArticlePageData }) {
  const { article, section, meta } = data;
  return (
    <div className="container page">
      <Breadcrumbs items={[{ title: section.title, href: section.href }, { title: article.title }]} />
      <article className="article">
        <header className="article__header">
          <DateText className="article__date" value={article.public_at} />
          <h1 className="article__title">{article.title}</h1>
          {article.lead && <p className="article__lead">{article.lead}</p>}
        </header>
        {article.image && meta.image && (
          <Picture className="article__image" image={article.image} alt={meta.image.alt} sizes="(min-width: 992px) 880px, 100vw" priority />
        )}
        <RichText className="article__content" html={article.content} />
        <footer className="article__footer">
          <a className="button button--ghost" href={section.href}>
            ← {section.title}
          </a>
        </footer>
      </article>
    </div>
  );
}

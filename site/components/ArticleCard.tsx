import { usePageContext } from 'vike-react/usePageContext';
import { imageAlt } from '@lib/titles.js';
import type { ArticleSummary } from '@lib/types.js';
import { DateText } from './DateText.js';
import { Picture } from './Picture.js';

interface ArticleCardProps {
  article: ArticleSummary;
  href: string;
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** A news or own media article in a list: image, date, title (the link) and lead. */
export function ArticleCard({ article, href, priority = false, headingLevel = 'h2' }: ArticleCardProps) {
  const { site } = usePageContext();
  const Heading = headingLevel;
  return (
    <article className="card">
      {article.image ? (
        <Picture
          className="card__image"
          image={article.image}
          alt={imageAlt(article.image.alt, article.title, site.altTemplate)}
          sizes="(min-width: 1340px) 420px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 100vw"
          priority={priority}
        />
      ) : (
        <div className="card__image card__image--empty" aria-hidden="true" />
      )}
      <div className="card__body">
        <DateText className="card__date" value={article.public_at} />
        <Heading className="card__title">
          <a href={href} className="card__link">
            {article.title}
          </a>
        </Heading>
        {article.lead && <p className="card__lead">{article.lead}</p>}
      </div>
    </article>
  );
}

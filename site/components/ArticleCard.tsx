import { imageAlt } from '@lib/titles.js';
import type { ArticleSummary } from '@lib/types.js';
import { useAltTemplate } from '../i18n/useTexts.js';
import { Card } from './Card.js';

interface ArticleCardProps {
  article: ArticleSummary;
  href: string;
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** A news or own media article in a list: image, date, title (the link) and lead. */
export function ArticleCard({ article, href, priority, headingLevel }: ArticleCardProps) {
  const altTemplate = useAltTemplate();
  return (
    <Card
      href={href}
      title={article.title}
      date={article.public_at}
      image={{ image: article.image, alt: article.image ? imageAlt(article.image.alt, article.title, altTemplate) : '' }}
      lead={article.lead}
      priority={priority}
      headingLevel={headingLevel}
    />
  );
}

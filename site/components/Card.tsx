import type { ReactNode } from 'react';
import type { PublicImage } from '@lib/types.js';
import { DateText } from './DateText.js';
import { Picture } from './Picture.js';

export interface CardProps {
  href: string;
  title: string;
  date?: string;
  /** A picture above the text; `null` keeps the empty frame of a card that could have one, absent has none. */
  image?: { image: PublicImage | null; alt: string };
  lead?: string;
  /** Lines under the title (a city, a salary). */
  details?: ReactNode;
  priority?: boolean;
  headingLevel?: 'h2' | 'h3';
}

/** A record in a list of cards: picture, date, title (the link over the whole card), details and lead. */
export function Card({ href, title, date, image, lead, details, priority = false, headingLevel = 'h2' }: CardProps) {
  const Heading = headingLevel;
  return (
    <article className="card">
      {image &&
        (image.image ? (
          <Picture
            className="card__image"
            crop="card"
            image={image.image}
            alt={image.alt}
            sizes="(min-width: 1340px) 420px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 100vw"
            priority={priority}
          />
        ) : (
          <div className="card__image card__image--empty" aria-hidden="true" />
        ))}
      <div className="card__body">
        {date && <DateText className="card__date" value={date} />}
        <Heading className="card__title">
          <a href={href} className="card__link">
            {title}
          </a>
        </Heading>
        {details}
        {lead && <p className="card__lead">{lead}</p>}
      </div>
    </article>
  );
}

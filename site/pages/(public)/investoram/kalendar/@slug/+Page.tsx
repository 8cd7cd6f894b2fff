import { useData } from 'vike-react/useData';
import { Breadcrumbs } from '../../../../../components/Breadcrumbs.js';
import { Picture } from '../../../../../components/Picture.js';
import { RichText } from '../../../../../components/RichText.js';
import { useLocale, useLocalizedPath, useTexts } from '../../../../../i18n/useTexts.js';
import { EventWhen } from '../EventWhen.js';
import { CALENDAR_TEXTS } from '../texts.js';
import type { InvestorEventData } from './+data.js';

/** An event of the investor calendar: when and where it is, what it is about, and its file for calendar apps. */
export function Page() {
  const { record: event, meta } = useData<InvestorEventData>();
  const texts = CALENDAR_TEXTS[useLocale()];
  const shared = useTexts();
  const localized = useLocalizedPath();
  return (
    <div className="container page">
      <Breadcrumbs
        items={[
          { title: shared.sectionTitles.investoram ?? '', href: localized('/investoram') },
          { title: texts.title, href: localized('/investoram/kalendar') },
          { title: event.title },
        ]}
      />
      <article className="article">
        <header className="article__header">
          <EventWhen className="article__date" starts={event.starts_at} ends={event.ends_at} zone={texts.timeZone} />
          <h1 className="article__title">{event.title}</h1>
          {event.place && (
            <p className="article__lead">
              {texts.place}: {event.place}
            </p>
          )}
        </header>
        {event.image && meta.image && (
          <Picture className="article__image" image={event.image} alt={meta.image.alt} sizes="(min-width: 992px) 880px, 100vw" priority />
        )}
        <RichText className="article__content" html={event.description} />
        <footer className="article__footer">
          <a className="button" href={`/investoram/kalendar/${event.id}.ics`} type="text/calendar" download={`${event.slug}.ics`}>
            {texts.addToCalendar}
          </a>{' '}
          <a className="button button--ghost" href={localized('/investoram/kalendar')}>
            ← {texts.all}
          </a>
        </footer>
      </article>
    </div>
  );
}

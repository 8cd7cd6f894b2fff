import { useData } from 'vike-react/useData';
import { Card } from '../../../../components/Card.js';
import { ListPage } from '../../../../components/ListPage.js';
import { useLocale, useLocalizedPath, useTexts } from '../../../../i18n/useTexts.js';
import type { CalendarData } from './+data.js';
import { EventWhen } from './EventWhen.js';
import { CALENDAR_TEXTS } from './texts.js';

/** The investor calendar: upcoming events soonest first, past ones newest first, and the feed for calendar apps. */
export function Page() {
  const data = useData<CalendarData>();
  const texts = CALENDAR_TEXTS[useLocale()];
  const shared = useTexts();
  const localized = useLocalizedPath();
  return (
    <ListPage
      data={data}
      breadcrumbs={[{ title: shared.sectionTitles.investoram ?? '', href: localized('/investoram') }, { title: texts.title }]}
      heading={texts.title}
      empty={texts.empty}
    >
      {(events) => (
        <>
          <p>
            <a className="button button--ghost" href="/investoram/kalendar.ics" type="text/calendar">
              {texts.subscribe}
            </a>
          </p>
          <div className="cards">
            {events.map((event) => (
              <Card
                key={event.id}
                href={localized(`/investoram/kalendar/${event.slug}`)}
                title={event.title}
                details={
                  <p className="card__lead">
                    <EventWhen starts={event.starts_at} ends={event.ends_at} zone={texts.timeZone} />
                    {event.place && (
                      <>
                        <br />
                        {event.place}
                      </>
                    )}
                  </p>
                }
              />
            ))}
          </div>
        </>
      )}
    </ListPage>
  );
}

import type { PageContextServer } from 'vike/types';
import { plainText } from '@lib/html.js';
import { imageAlt } from '@lib/titles.js';
import { altTemplateIn, localeOf } from '../../../../../i18n/pageTexts.js';
import { recordPageData, type RecordPageData } from '../../../../../recordPages.js';
import { CALENDAR_TEXTS } from '../texts.js';

export type InvestorEventData = RecordPageData<'investor-events'>;

/** An event's page, described for search engines as an event of the company. */
export function data(pageContext: PageContextServer): Promise<InvestorEventData> {
  const { site } = pageContext;
  const locale = localeOf(pageContext);
  const texts = CALENDAR_TEXTS[locale];
  return recordPageData(pageContext, 'investor-events', {
    meta: (event) => {
      const description = plainText(event.description).slice(0, 300);
      return {
        title: event.title,
        description: description || texts.fallbackDescription(site.brand, event.title),
        image: event.image ? { ...event.image, alt: imageAlt(event.image.alt, event.title, altTemplateIn(locale, site.altTemplate)) } : null,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Event',
          name: event.title,
          startDate: new Date(event.starts_at).toISOString(),
          ...(event.ends_at ? { endDate: new Date(event.ends_at).toISOString() } : {}),
          eventStatus: 'https://schema.org/EventScheduled',
          ...(description ? { description } : {}),
          ...(event.image ? { image: [`${site.publicUrl}${event.image.src}`] } : {}),
          ...(event.place
            ? { eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode', location: { '@type': 'Place', name: event.place, address: event.place } }
            : {}),
          organizer: { '@type': 'Organization', name: site.brand, url: `${site.publicUrl}/` },
        },
      };
    },
  });
}

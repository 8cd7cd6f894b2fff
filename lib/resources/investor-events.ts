import { defineResource, pageAt } from './descriptor.js';
import { date, flag, html, PICTURE, requiredText, text } from './fields.js';

/**
 * The investor calendar: annual meetings, results publications, dividend dates. Visitors read the upcoming events
 * first, soonest first, and the past ones on request, newest first; an event moves from one to the other at its
 * start, without anybody saving it. Calendar apps subscribe to the upcoming ones, or add one event.
 */
export const investorEvents = defineResource({
  name: 'investor-events',
  table: 'investor_events',
  role: 'MANAGER',
  api: 'rest',
  timestamps: true,
  fields: {
    title: requiredText(300, { typography: true, localized: true }),
    slug: { kind: 'slug', max: 120, from: 'title', localized: true },
    starts_at: date({ required: true }),
    // An event of a day or of a moment may end when it starts.
    ends_at: date({ notBefore: 'starts_at' }),
    place: text(300, { localized: true }),
    description: html({ typography: true, localized: true }),
    // A picture of the event (the venue, the report's cover): on its page and when the page is shared.
    image: { kind: 'image', ...PICTURE, alt: 'image_alt' },
    image_alt: text(300, { typography: true, localized: true }),
    public_at: date({ required: true }),
    published: flag(1),
  },
  list: {
    sortable: ['title', 'slug', 'starts_at', 'ends_at', 'place', 'public_at', 'published', 'created_at', 'updated_at'],
    searchable: ['title', 'place'],
    filters: { published: 'int' },
    defaultSort: ['starts_at', 'DESC'],
    columns: ['title', 'starts_at', 'ends_at', 'place', 'public_at', 'published', 'version'],
  },
  menu: 'site',
  trash: true,
  revisions: true,
  drafts: true,
  search: { fields: ['title', 'place', 'description'], date: 'starts_at', kind: 'Событие календаря', kindIn: { en: 'Calendar event' } },
  public: {
    list: {
      path: '/investoram/kalendar',
      api: 'investor-events',
      perPage: 20,
      filters: [],
      fields: ['title', 'slug', 'starts_at', 'ends_at', 'place'],
      parts: {
        param: 'period',
        parts: [
          { name: 'upcoming', where: [{ field: 'starts_at', from: 'now' }], order: [['starts_at', 'asc']] },
          { name: 'past', where: [{ field: 'starts_at', before: 'now' }], order: [['starts_at', 'desc']] },
        ],
      },
    },
    // Found by id too: an event's calendar file is named by its id, the same in every language.
    page: {
      ...pageAt('/investoram/kalendar/{slug}'),
      byId: true,
      fields: ['title', 'slug', 'starts_at', 'ends_at', 'place', 'description', 'image', 'public_at'],
    },
    icalendar: {
      path: '/investoram/kalendar.ics',
      name: 'Календарь инвестора',
      start: 'starts_at',
      end: 'ends_at',
      summary: 'title',
      location: 'place',
      description: 'description',
    },
  },
  demo: {
    records: [
      {
        title: 'Публикация результатов за 2026 год по МСФО',
        starts_at: '2027-03-18T07:00:00.000Z',
        place: '',
        description: '<p>Консолидированная финансовая отчётность за 2026 год и телефонная конференция с инвесторами.</p>',
      },
      {
        title: 'Годовое общее собрание акционеров',
        starts_at: '2027-06-24T08:00:00.000Z',
        place: 'Москва, ул. Примерная, 1',
        description: '<p>Утверждение годового отчёта, распределение прибыли и выборы совета директоров.</p>',
      },
      {
        title: 'Дата закрытия реестра для выплаты дивидендов',
        // A whole day: its midnight in Moscow.
        starts_at: '2027-07-08T21:00:00.000Z',
        place: '',
        description: '<p>Дивиденды получат акционеры, владеющие акциями на конец этого дня.</p>',
      },
      {
        title: 'Публикация результатов за 2025 год по МСФО',
        starts_at: '2026-03-19T07:00:00.000Z',
        place: '',
        description: '<p>Консолидированная финансовая отчётность за 2025 год.</p>',
      },
    ],
    footerLink: { title: 'Календарь инвестора', url: '/investoram/kalendar' },
  },
});

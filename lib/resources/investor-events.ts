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
  // Dated from the day the demo is seeded, so that it always has three events to come and one past (times in Moscow).
  demo: {
    records: [
      {
        title: 'Публикация годовых результатов по МСФО',
        starts_at: { daysFromNow: 30, at: '10:00' },
        place: '',
        description: '<p>Консолидированная финансовая отчётность за прошедший год и телефонная конференция с инвесторами.</p>',
      },
      {
        title: 'Годовое общее собрание акционеров',
        starts_at: { daysFromNow: 60, at: '11:00' },
        place: 'Москва, ул. Примерная, 1',
        description: '<p>Утверждение годового отчёта, распределение прибыли и выборы совета директоров.</p>',
      },
      {
        title: 'Дата закрытия реестра для выплаты дивидендов',
        // A whole day: its midnight in Moscow.
        starts_at: { daysFromNow: 75 },
        place: '',
        description: '<p>Дивиденды получат акционеры, владеющие акциями на конец этого дня.</p>',
      },
      {
        title: 'Публикация результатов за девять месяцев по МСФО',
        starts_at: { daysFromNow: -90, at: '10:00' },
        place: '',
        description: '<p>Промежуточная консолидированная финансовая отчётность за девять месяцев.</p>',
      },
    ],
    footerLink: { title: 'Календарь инвестора', url: '/investoram/kalendar' },
  },
});

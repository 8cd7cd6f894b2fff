import { formatMoscowTime } from '@lib/format.js';
import type { Locale } from '@lib/locales.js';

/** The investor calendar's own words in each language (the site's dictionary has the words every page shares). */
export interface CalendarTexts {
  title: string;
  description: (brand: string) => string;
  /** The parts' chips: their accessible name and each part's name. */
  periods: { label: string; names: Readonly<Record<'upcoming' | 'past', string>> };
  empty: string;
  all: string;
  /** The link to the feed calendar apps subscribe to. */
  subscribe: string;
  /** The link to one event's file. */
  addToCalendar: string;
  place: string;
  /** An event's description for search engines when it has no text. */
  fallbackDescription: (brand: string, title: string) => string;
  /** The time of day in Moscow after a date. */
  timeZone: string;
}

export const CALENDAR_TEXTS: Readonly<Record<Locale, CalendarTexts>> = {
  ru: {
    title: 'Календарь инвестора',
    description: (brand) => `Календарь инвестора ${brand}: собрания акционеров, публикация результатов, даты дивидендов.`,
    periods: { label: 'События', names: { upcoming: 'Предстоящие', past: 'Прошедшие' } },
    empty: 'Событий нет.',
    all: 'Все события',
    subscribe: 'Подписаться на календарь (iCalendar)',
    addToCalendar: 'Добавить в календарь',
    place: 'Место',
    fallbackDescription: (brand, title) => `Календарь инвестора ${brand}: ${title}.`,
    timeZone: 'мск',
  },
  en: {
    title: 'Investor calendar',
    description: (brand) => `${brand} investor calendar: shareholder meetings, results publications, dividend dates.`,
    periods: { label: 'Events', names: { upcoming: 'Upcoming', past: 'Past' } },
    empty: 'No events.',
    all: 'All events',
    subscribe: 'Subscribe to the calendar (iCalendar)',
    addToCalendar: 'Add to calendar',
    place: 'Place',
    fallbackDescription: (brand, title) => `${brand} investor calendar: ${title}.`,
    timeZone: 'Moscow time',
  },
};

/** The time of day of a moment in Moscow (`10:00`), or null at midnight: an event of a whole day has no time. */
export function timeOfDay(value: string): string | null {
  const time = formatMoscowTime(value);
  return time === '00:00' ? null : time;
}

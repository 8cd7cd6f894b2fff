import type { PageContextServer } from 'vike/types';
import { localeOf } from '../../../../i18n/pageTexts.js';
import { listPageData, type ListPageData } from '../../../../listPages.js';
import { CALENDAR_TEXTS } from './texts.js';

export type CalendarData = ListPageData<'investor-events'>;

export function data(pageContext: PageContextServer): Promise<CalendarData> {
  const texts = CALENDAR_TEXTS[localeOf(pageContext)];
  return listPageData(pageContext, 'investor-events', {
    title: texts.title,
    description: texts.description(pageContext.site.brand),
    filters: {},
    parts: texts.periods,
  });
}

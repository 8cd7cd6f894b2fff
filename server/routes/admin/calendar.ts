import type { FastifyInstance } from 'fastify';
import { CALENDAR_MAX_DAYS } from '../../../lib/calendar.js';
import { setContentRange } from '../../records/listQuery.js';
import { requireAccess } from '../../auth/guard.js';
import { calendarItems } from '../../calendar/items.js';
import { HttpError } from '../../http/errors.js';
import { adminParam } from '../search.js';
import { ADMIN_DOCS } from '../openapi/admin.js';

const DAY_MS = 86_400_000;

function moment(value: unknown, name: 'from' | 'to'): Date {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime()))
    throw new HttpError(400, 'Некорректный период календаря.', {
      [name]: ['Ожидается дата ISO 8601, например 2026-05-01.'],
    });
  return date;
}

/**
 * `GET /api/admin/calendar?from=&to=` (or `?filter={"from":…,"to":…}` as react-admin's list reads send it):
 * published and scheduled items in the period and the drafts, of the resources the user's role may read.
 */
export async function adminCalendarRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireAccess('staff'));
  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/calendar', { schema: ADMIN_DOCS.calendar }, async (request, reply) => {
    const from = moment(adminParam(request.query, 'from'), 'from');
    const to = moment(adminParam(request.query, 'to'), 'to');
    if (to <= from || to.getTime() - from.getTime() > CALENDAR_MAX_DAYS * DAY_MS) {
      throw new HttpError(400, 'Некорректный период календаря.', {
        to: [`Конец позже начала, не дальше ${CALENDAR_MAX_DAYS} дней.`],
      });
    }
    const data = await calendarItems(app.db, request.user?.permissions ?? {}, from.toISOString(), to.toISOString());
    setContentRange(reply, 'calendar', 0, data.length, data.length);
    return { data };
  });
}

const TIME = new Intl.DateTimeFormat('ru-RU', { hour: '2-digit', minute: '2-digit' });
const DAY_AND_TIME = new Intl.DateTimeFormat('ru-RU', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

/** «14:05» for today, «01.03, 14:05» for an earlier day, in the staff member's own time zone. */
export function sinceTime(iso: string, now = new Date()): string {
  const since = new Date(iso);
  return since.toDateString() === now.toDateString() ? TIME.format(since) : DAY_AND_TIME.format(since);
}

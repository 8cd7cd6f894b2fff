import EventIcon from '@mui/icons-material/Event';
import { Box, Button, Card, CardContent, CardHeader, IconButton, List as MuiList, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link, Title, useCreatePath, useGetList, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { calendarMoment, type CalendarItem } from '@lib/calendar.js';
import { dayKey, gridDays, monthKey, monthOf, parseMonth, shiftMonth } from './dates.js';
import { RescheduleDialog } from './RescheduleDialog.js';
import './texts.js';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
  });

/** One entry in a day or in the drafts: its title opens the edit screen, the button moves its moment (publication or withdrawal). */
const Entry = ({ item, onReschedule }: { item: CalendarItem; onReschedule: (item: CalendarItem) => void }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const [now] = useState(() => Date.now());
  const withdrawal = item.kind === 'withdrawal';
  const scheduled = item.published && new Date(calendarMoment(item)).getTime() > now;
  return (
    <Stack direction="row" alignItems="flex-start" spacing={0.5} data-testid={`calendar-${withdrawal ? 'withdrawal' : 'item'}-${item.resource}-${item.id}`}>
      <Box sx={{ flex: 1, minWidth: 0, fontSize: 13, lineHeight: 1.3 }}>
        <Link
          to={createPath({
            resource: item.resource,
            type: 'edit',
            id: item.id,
          })}
        >
          {item.title}
        </Link>
        <Typography variant="caption" component="div" color="text.secondary">
          {[
            timeOf(calendarMoment(item)),
            translate(`resources.${item.resource}.name`, { smart_count: 1 }),
            withdrawal ? translate('app.calendar.withdrawal') : null,
            scheduled ? translate('app.calendar.scheduled') : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
      </Box>
      <IconButton size="small" aria-label={`${translate('app.calendar.reschedule')}: ${item.title}`} onClick={() => onReschedule(item)}>
        <EventIcon fontSize="inherit" />
      </IconButton>
    </Stack>
  );
};

/**
 * The publishing calendar: a month of published and scheduled items of every kind with a publication moment, and
 * of their withdrawals, drafts aside. `?month=2026-05` opens a given month.
 */
export const CalendarPage = () => {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const month = parseMonth(params.get('month')) ?? monthOf(new Date());
  const days = gridDays(month);
  const from = days[0] ?? new Date();
  const to = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days.length);
  const { data, refetch } = useGetList<CalendarItem>('calendar', {
    filter: { from: from.toISOString(), to: to.toISOString() },
    pagination: { page: 1, perPage: 1000 },
  });
  const [editing, setEditing] = useState<CalendarItem | null>(null);

  const byDay = new Map<string, CalendarItem[]>();
  for (const item of (data ?? []).filter((entry) => entry.published)) {
    const key = dayKey(new Date(calendarMoment(item)));
    byDay.set(key, [...(byDay.get(key) ?? []), item]);
  }
  const drafts = (data ?? []).filter((item) => !item.published);
  const go = (target: typeof month) => setParams({ month: monthKey(target) });
  const today = dayKey(new Date());
  const title = new Date(month.year, month.month, 1).toLocaleDateString('ru-RU', { month: 'long', year: 'numeric' });

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="app.calendar.title" />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} alignItems="flex-start">
        <Card sx={{ flex: 1, width: '100%' }}>
          <CardHeader
            sx={{ flexWrap: 'wrap', rowGap: 1, '& .MuiCardHeader-action': { m: 0 } }}
            title={<span data-testid="calendar-month">{title}</span>}
            action={
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Button onClick={() => go(shiftMonth(month, -1))}>{translate('app.calendar.previous')}</Button>
                <Button onClick={() => go(monthOf(new Date()))}>{translate('app.calendar.today')}</Button>
                <Button onClick={() => go(shiftMonth(month, 1))}>{translate('app.calendar.next')}</Button>
              </Stack>
            }
          />
          <CardContent>
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(7, minmax(0, 1fr))',
                gap: 0.5,
              }}
              role="grid"
            >
              {String(translate('app.calendar.weekdays'))
                .split(',')
                .map((name) => (
                  <Typography key={name} variant="caption" sx={{ fontWeight: 600, textAlign: 'center' }} role="columnheader">
                    {name}
                  </Typography>
                ))}
              {days.map((day) => {
                const key = dayKey(day);
                const inMonth = day.getMonth() === month.month;
                return (
                  <Box
                    key={key}
                    role="gridcell"
                    data-testid={`calendar-day-${key}`}
                    sx={{
                      minHeight: 96,
                      p: 0.5,
                      border: 1,
                      borderColor: key === today ? 'primary.main' : 'divider',
                      borderRadius: 1,
                      bgcolor: inMonth ? 'background.paper' : 'action.hover',
                    }}
                  >
                    <Typography variant="caption" color={inMonth ? 'text.primary' : 'text.secondary'}>
                      {day.getDate()}
                    </Typography>
                    {(byDay.get(key) ?? []).map((item) => (
                      <Entry key={`${item.kind}-${item.resource}-${item.id}`} item={item} onReschedule={setEditing} />
                    ))}
                  </Box>
                );
              })}
            </Box>
          </CardContent>
        </Card>
        <Card sx={{ width: { xs: '100%', lg: 320 } }} data-testid="calendar-drafts">
          <CardHeader title={translate('app.calendar.drafts')} />
          <CardContent>
            {drafts.length === 0 ? (
              <Typography variant="body2">{translate('app.calendar.no_drafts')}</Typography>
            ) : (
              <MuiList dense>
                {drafts.map((item) => (
                  <ListItem key={`${item.resource}-${item.id}`} disableGutters>
                    <ListItemText primary={<Entry item={item} onReschedule={setEditing} />} />
                  </ListItem>
                ))}
              </MuiList>
            )}
          </CardContent>
        </Card>
      </Stack>
      {editing && (
        <RescheduleDialog
          item={editing}
          onClose={() => setEditing(null)}
          onMoved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
    </Box>
  );
};

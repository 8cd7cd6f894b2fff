import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, ResourceContextProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { calendarField, calendarMoment, type CalendarItem } from '@lib/calendar.js';
import { PublicAtInput } from '../inputs/PublicAtInput.js';

export interface RescheduleDialogProps {
  item: CalendarItem;
  onClose: () => void;
  onMoved: () => void;
}

/**
 * A new moment for one calendar entry (dd.mm.yyyy and hh:mm): its publication (`public_at`) or its withdrawal
 * (`unpublish_at`), saved through the dataProvider's ordinary `update`: the record as the server has it, with the
 * new moment. The site follows at once.
 */
export const RescheduleDialog = ({ item, onClose, onMoved }: RescheduleDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const field = calendarField(item);
  const save = async (values: Record<string, unknown>) => {
    try {
      const { data: previous } = await dataProvider.getOne(item.resource, {
        id: item.id,
      });
      await dataProvider.update(item.resource, {
        id: item.id,
        data: { [field]: values[field] },
        previousData: previous,
      });
      notify(field === 'unpublish_at' ? 'app.calendar.withdrawal_moved' : 'app.calendar.moved', { type: 'success' });
      onMoved();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">
        {translate(field === 'unpublish_at' ? 'app.calendar.reschedule_withdrawal_title' : 'app.calendar.reschedule_title')}
      </DialogTitle>
      <ResourceContextProvider value={item.resource}>
        <Form record={{ id: item.id, [field]: calendarMoment(item) }} onSubmit={save}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {item.title}
            </Typography>
            <PublicAtInput source={field} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('app.calendar.cancel')}</Button>
            <Button type="submit" variant="contained">
              {translate('app.calendar.save')}
            </Button>
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
};

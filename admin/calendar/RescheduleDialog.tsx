import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { Form, ResourceContextProvider, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { CalendarItem } from '@lib/calendar.js';
import { PublicAtInput } from '../inputs/PublicAtInput.js';

export interface RescheduleDialogProps {
  item: CalendarItem;
  onClose: () => void;
  onMoved: () => void;
}

/**
 * A new publication moment for one item (dd.mm.yyyy and hh:mm), saved through the dataProvider's ordinary
 * `update`: the record as the server has it, with the new `public_at`. The site follows at once.
 */
export const RescheduleDialog = ({ item, onClose, onMoved }: RescheduleDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const save = async (values: Record<string, unknown>) => {
    try {
      const { data: previous } = await dataProvider.getOne(item.resource, {
        id: item.id,
      });
      await dataProvider.update(item.resource, {
        id: item.id,
        data: { public_at: values.public_at },
        previousData: previous,
      });
      notify('app.calendar.moved', { type: 'success' });
      onMoved();
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby="reschedule-title">
      <DialogTitle id="reschedule-title">{translate('app.calendar.reschedule_title')}</DialogTitle>
      <ResourceContextProvider value={item.resource}>
        <Form record={{ id: item.id, public_at: item.public_at }} onSubmit={save}>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {item.title}
            </Typography>
            <PublicAtInput source="public_at" />
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

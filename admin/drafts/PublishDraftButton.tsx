import PublishIcon from '@mui/icons-material/Publish';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { formatDateTime } from '../common/dateTime.js';
import { useDraftAction, type StaleSave } from './useDraftAction.js';

/**
 * «Опубликовать изменения»: the draft goes live now, or at a chosen moment to come (`publish_at`). When the live
 * version was changed since the draft was begun, the dialog says who changed it and when, and publishing goes ahead only
 * on «Опубликовать поверх» (the replaced version stays in the history).
 */
export const PublishDraftButton = ({ resource, record }: { resource: string; record: RaRecord }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { busy, run } = useDraftAction();
  const [open, setOpen] = useState(false);
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [moment, setMoment] = useState('');
  // The moment the dialog was opened: a publication moment must come after it.
  const [openedAt, setOpenedAt] = useState(0);
  // Set once the server refused because the live version changed meanwhile.
  const [liveChanged, setLiveChanged] = useState<StaleSave | null | undefined>(undefined);
  const overwrite = liveChanged !== undefined;
  const at = moment ? new Date(moment) : null;
  const valid = when === 'now' || (at !== null && !Number.isNaN(at.getTime()) && at.getTime() > openedAt);
  const publish = async () => {
    const publishAt = when === 'at' && at ? at.toISOString() : undefined;
    const done = publishAt ? 'app.draft.publish_scheduled' : 'app.draft.published';
    const ok = await run(
      () => dataProvider.publishDraft(resource, { id: record.id, previousData: record, publishAt, overwrite }),
      done,
      { date: publishAt ? formatDateTime(publishAt) : '' },
      setLiveChanged,
    );
    if (ok) close();
  };
  const close = () => {
    setOpen(false);
    setLiveChanged(undefined);
  };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<PublishIcon />}
        onClick={() => {
          setOpenedAt(Date.now());
          setOpen(true);
        }}
      >
        {translate('app.draft.publish')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby="publish-draft-title">
        <DialogTitle id="publish-draft-title">{translate('app.draft.publish')}</DialogTitle>
        <DialogContent>
          {overwrite && (
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="live-changed">
              {liveChanged
                ? translate('app.draft.live_changed_by', { by: liveChanged.by, date: formatDateTime(liveChanged.at) })
                : translate('app.draft.live_changed')}
            </Alert>
          )}
          <RadioGroup value={when} onChange={(event) => setWhen(event.target.value === 'at' ? 'at' : 'now')}>
            <FormControlLabel value="now" control={<Radio />} label={translate('app.draft.publish_now')} />
            <FormControlLabel value="at" control={<Radio />} label={translate('app.draft.publish_at')} />
          </RadioGroup>
          {when === 'at' && (
            <TextField
              type="datetime-local"
              label={translate('app.draft.publish_moment')}
              value={moment}
              onChange={(event) => setMoment(event.target.value)}
              error={!valid}
              helperText={valid ? undefined : translate('app.draft.publish_moment_required')}
              slotProps={{ inputLabel: { shrink: true } }}
              sx={{ mt: 1 }}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('app.review.cancel')}</Button>
          <Button variant="contained" disabled={!valid || busy} onClick={() => void publish()} data-testid="publish-draft-confirm">
            {translate(overwrite ? 'app.draft.publish_over' : 'app.draft.publish')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

import UndoIcon from '@mui/icons-material/Undo';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useDraftAction } from './useDraftAction.js';

/** The longest comment the server accepts on a returned draft. */
const COMMENT_MAX = 4000;

/** «Вернуть на доработку» (MANAGER): the draft in review goes back to its author with a comment, which is required. */
export const RequestChangesButton = ({ resource, record }: { resource: string; record: RaRecord }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { busy, run } = useDraftAction();
  const [open, setOpen] = useState(false);
  const [comment, setComment] = useState('');
  const valid = comment.trim().length > 0 && comment.length <= COMMENT_MAX;
  const send = async () => {
    const ok = await run(() => dataProvider.requestChanges(resource, { id: record.id, previousData: record, comment: comment.trim() }), 'app.review.returned');
    if (ok) setOpen(false);
  };
  return (
    <>
      <Button color="warning" startIcon={<UndoIcon />} onClick={() => setOpen(true)}>
        {translate('app.review.request_changes')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="request-changes-title">
        <DialogTitle id="request-changes-title">{translate('app.review.request_changes')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={3}
            label={translate('app.review.comment')}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            helperText={valid ? undefined : translate('app.review.comment_required')}
            slotProps={{ htmlInput: { maxLength: COMMENT_MAX } }}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('app.review.cancel')}</Button>
          <Button variant="contained" color="warning" disabled={!valid || busy} onClick={() => void send()} data-testid="request-changes-confirm">
            {translate('app.review.request_changes')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

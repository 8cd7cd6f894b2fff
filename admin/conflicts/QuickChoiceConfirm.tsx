import { Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Side } from '@lib/merge.js';

/** A place whose change a quick choice drops: its name and the change as read (empty when it was a removal). */
export interface LostPlace {
  key: string;
  label: string;
  text: string;
  /** The place is rich text: an empty change there removed it. */
  html: boolean;
}

interface QuickChoiceConfirmProps {
  /** The side whose version the choice keeps at every overlap; the other side's changes there are lost. */
  keep: Side;
  lost: readonly LostPlace[];
  /** What stays anyway (the changes merged without asking), said in words. */
  kept: string;
  onConfirm: () => void;
  onCancel: () => void;
}

const SHOWN = 300;

/**
 * The step between a quick choice and its save: one click never drops anybody's work. It names every place whose
 * change will be lost, with that change, and what stays anyway; nothing happens until the editor confirms.
 */
export const QuickChoiceConfirm = ({ keep, lost, kept, onConfirm, onCancel }: QuickChoiceConfirmProps) => {
  const translate = useTranslate();
  const lostText = (place: LostPlace) => {
    if (!place.text) return translate(place.html ? 'app.conflict.lost_removal' : 'app.conflict.lost_empty');
    return `«${place.text.length > SHOWN ? `${place.text.slice(0, SHOWN)}…` : place.text}»`;
  };
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="conflict-confirm-title">
      <DialogTitle id="conflict-confirm-title">{translate(`app.conflict.confirm_${keep}_title`)}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2">{translate(`app.conflict.confirm_${keep}_lost`)}</Typography>
        <List dense data-testid="conflict-confirm-lost">
          {lost.map((place) => (
            <ListItem key={place.key} disableGutters sx={{ display: 'block', whiteSpace: 'pre-wrap' }}>
              <strong>{place.label}</strong>: {lostText(place)}
            </ListItem>
          ))}
        </List>
        {kept && (
          <Typography variant="body2" data-testid="conflict-confirm-kept">
            {kept}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{translate('app.conflict.confirm_cancel')}</Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          {translate(`app.conflict.confirm_${keep}`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

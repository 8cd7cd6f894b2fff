import MoreVertIcon from '@mui/icons-material/MoreVert';
import { Button, Popover, Stack } from '@mui/material';
import { useId, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/**
 * «Ещё»: the phone's save bar keeps its other actions here, one under the other, whole. The list stays mounted while
 * closed, so that an action it started (a save on its way, a confirmation dialog) goes on after it closes.
 */
export const MoreActions = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        aria-label={translate('app.save_bar.more')}
        aria-haspopup="true"
        aria-expanded={anchor !== null}
        aria-controls={id}
        endIcon={<MoreVertIcon />}
        sx={{ ml: 'auto' }}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {translate('app.save_bar.more_short')}
      </Button>
      <Popover
        id={id}
        open={anchor !== null}
        anchorEl={anchor}
        keepMounted
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Stack spacing={1} sx={{ p: 1, alignItems: 'stretch', '& .MuiButton-root': { justifyContent: 'flex-start' } }} onClickCapture={() => setAnchor(null)}>
          {children}
        </Stack>
      </Popover>
    </>
  );
};

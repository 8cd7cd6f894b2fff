import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';
import { SaveButton, Toolbar, useRecordContext } from 'react-admin';
import { PublishButton } from '../buttons/PublishButton.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { SaveAndContinueButton } from '../buttons/SaveAndContinueButton.js';
import { SaveDraftButton } from '../buttons/SaveDraftButton.js';
import { isLiveRecord, savesGoToDraft } from '../drafts/values.js';

/**
 * On a phone the buttons stay in one row, their names in plain case without icons (the row scrolls sideways rather
 * than growing a second line when a draft adds «Опубликовать»).
 */
const TOOLBAR_SX = {
  gap: 1,
  flexWrap: { xs: 'nowrap', sm: 'wrap' },
  overflowX: { xs: 'auto', sm: 'visible' },
  '& .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap', textTransform: { xs: 'none', sm: 'uppercase' }, px: { xs: 1.25, sm: 2 } },
  // react-admin's save buttons put their icon before the name, not as MUI's start icon.
  '& .MuiButton-root > svg, & .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} satisfies SxProps<Theme>;

/**
 * The buttons under every resource form: «Сохранить» (then the list), «Сохранить и продолжить», «Опубликовать» on
 * a draft of a resource that publishes, and removal of a stored record (`RemoveButton`, or the form's own `remove`).
 * On a resource that keeps drafts, a live record (published, or of a resource without a published flag) also offers
 * «Сохранить черновик»; while a record has a draft, the form edits that draft, so its saves go to the draft and the
 * draft is published from the band above the form. A live record whose changes by this user wait for review is saved
 * only as its draft too.
 */
export const FormToolbar = ({ publishes, drafts, remove }: { publishes: boolean; drafts: boolean; remove?: ReactNode }) => {
  const record = useRecordContext();
  const stored = record?.id !== undefined;
  const toDraft = savesGoToDraft(record, publishes);
  const live = isLiveRecord(record, publishes);
  return (
    <Toolbar sx={TOOLBAR_SX}>
      {!toDraft && <SaveButton />}
      {!toDraft && <SaveAndContinueButton />}
      {drafts && (toDraft || live) && <SaveDraftButton />}
      {publishes && !toDraft && <PublishButton />}
      {stored && (remove ?? <RemoveButton sx={{ ml: 'auto' }} />)}
    </Toolbar>
  );
};

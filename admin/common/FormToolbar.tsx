import { useMediaQuery, type SxProps, type Theme } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { SaveButton, Toolbar, useRecordContext, useResourceContext } from 'react-admin';
import { draftOf, type DraftInfo } from '../../dataProvider/index.js';
import { PublishButton } from '../buttons/PublishButton.js';
import { RemoveButton } from '../buttons/RemoveButton.js';
import { SaveAndContinueButton } from '../buttons/SaveAndContinueButton.js';
import { SaveDraftButton } from '../buttons/SaveDraftButton.js';
import { isLiveRecord, savesGoToDraft } from '../drafts/values.js';
import { addScreenTexts } from '../i18n/index.js';
import { saveBarMessages } from '../i18n/saveBar.js';
import { lazyScreen } from './lazyScreen.js';
import { MoreActions } from './MoreActions.js';
import { useMay } from './recordRights.js';
import { useSiteSettings } from './siteSettings.js';

addScreenTexts(saveBarMessages);

/** The draft's publish and discard buttons come with the first form of a record that has a draft. */
const DraftToolbarActions = lazyScreen(async () => (await import('../drafts/DraftToolbarActions.js')).DraftToolbarActions, null);

/** On a phone the buttons keep their names in plain case, without icons. */
const TOOLBAR_SX = {
  gap: 1,
  flexWrap: { xs: 'nowrap', sm: 'wrap' },
  '& .MuiButton-root': { flexShrink: 0, whiteSpace: 'nowrap', textTransform: { xs: 'none', sm: 'uppercase' }, px: { xs: 1.25, sm: 2 } },
  // react-admin's save buttons put their icon before the name, not as MUI's start icon.
  '& .MuiButton-root > svg, & .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
} satisfies SxProps<Theme>;

/**
 * The form's actions, the primary one first. A live record's primary save publishes at once («Сохранить»), or, where
 * the site chose drafts first, keeps a draft («Сохранить черновик», then «Сохранить и опубликовать»). While the record
 * has a draft (and on a live record whose changes by this user wait for review) every save goes to the draft, and the
 * draft's «Опубликовать изменения» and «Отменить черновик» follow.
 */
function useFormActions(publishes: boolean, drafts: boolean): ReactElement[] {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const settings = useSiteSettings();
  const publishesItself = useMay(resource, 'publish');
  const toDraft = savesGoToDraft(record, publishes);
  const live = isLiveRecord(record, publishes);
  if (toDraft) {
    const draft = draftOf(record) !== null;
    return [<SaveDraftButton key="draft" primary />, ...(draft ? [<DraftToolbarActions key="draft-actions" />] : [])];
  }
  const keepsDraft = drafts && live;
  const draftsFirst = keepsDraft && settings?.drafts_first === true;
  // Whether someone else publishes this user's changes: the record says so; for a new one, the account's rights (a
  // role that may edit and not publish) or the site's settings.
  const reviewed =
    record?.id === undefined ? !publishesItself || settings?.reviewed?.includes(resource) === true : (record as DraftInfo).review_required === true;
  const save = draftsFirst ? <SaveButton key="save" variant="outlined" label="app.save_bar.save_live" /> : <SaveButton key="save" />;
  return [
    ...(draftsFirst ? [<SaveDraftButton key="draft" primary />, save] : [save]),
    // On a new record «Сохранить» itself stays on it (its edit screen opens).
    ...(record?.id === undefined ? [] : [<SaveAndContinueButton key="continue" />]),
    ...(keepsDraft && !draftsFirst ? [<SaveDraftButton key="draft" />] : []),
    ...(publishes ? [<PublishButton key="publish" reviewed={reviewed} />] : []),
  ];
}

/**
 * The buttons under every resource form: the form's actions (above) and removal of a stored record (`RemoveButton`,
 * or the form's own `remove`). On a phone the bar keeps to the screen's width: the primary action, then «Ещё
 * действия» opening the others (where there are any).
 */
export const FormToolbar = ({ publishes, drafts, remove }: { publishes: boolean; drafts: boolean; remove?: ReactNode }) => {
  const record = useRecordContext();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const actions = useFormActions(publishes, drafts);
  const stored = record?.id !== undefined;
  if (phone) {
    const [primary, ...others] = actions;
    return (
      <Toolbar sx={TOOLBAR_SX}>
        {primary}
        {(others.length > 0 || stored) && (
          <MoreActions>
            {others}
            {stored && (remove ?? <RemoveButton />)}
          </MoreActions>
        )}
      </Toolbar>
    );
  }
  return (
    <Toolbar sx={TOOLBAR_SX}>
      {actions}
      {stored && (remove ?? <RemoveButton sx={{ ml: 'auto' }} />)}
    </Toolbar>
  );
};

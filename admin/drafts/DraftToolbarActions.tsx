import { usePermissions, useRecordContext, useResourceContext } from 'react-admin';
import { draftOf, type DraftInfo } from '../../dataProvider/index.js';
import { addScreenTexts } from '../i18n/index.js';
import { draftScreenMessages } from '../i18n/drafts.js';
import { DiscardDraftButton } from './DiscardDraftButton.js';
import { PublishDraftButton } from './PublishDraftButton.js';

addScreenTexts(draftScreenMessages);

/**
 * Whether the signed-in user may publish the record's draft: a MANAGER always; a USER only where the site does not ask
 * for review and while the draft is not in review.
 */
export const mayPublishDraft = (info: DraftInfo, manager: boolean): boolean =>
  manager || ((info.review_state ?? 'none') === 'none' && info.review_required !== true);

/**
 * The draft's two decisions in the form's bottom bar, so that they stay at hand however far the band above the form
 * has scrolled away: «Опубликовать изменения» (where the user may publish) and «Отменить черновик».
 */
export const DraftToolbarActions = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const { permissions } = usePermissions<string>();
  if (!record || !draftOf(record)) return null;
  const publish = mayPublishDraft(record as DraftInfo, permissions === 'MANAGER');
  return (
    <>
      {publish && <PublishDraftButton resource={resource} record={record} />}
      <DiscardDraftButton record={record} />
    </>
  );
};

import { useRecordContext, useResourceContext } from 'react-admin';
import { draftOf, type DraftInfo } from '../../dataProvider/index.js';
import { useApproves } from '../common/recordRights.js';
import { addScreenTexts } from '../i18n/index.js';
import { draftScreenMessages } from '../i18n/drafts.js';
import { DiscardDraftButton } from './DiscardDraftButton.js';
import { PublishDraftButton } from './PublishDraftButton.js';

addScreenTexts(draftScreenMessages);

/**
 * Whether the signed-in user may publish the record's draft: whoever approves the resource's drafts always; a USER only
 * where the site does not ask for review and while the draft is not in review.
 */
export const mayPublishDraft = (info: DraftInfo, approves: boolean): boolean =>
  approves || ((info.review_state ?? 'none') === 'none' && info.review_required !== true);

/**
 * The draft's two decisions in the form's bottom bar, so that they stay at hand however far the band above the form
 * has scrolled away: «Опубликовать изменения» (where the user may publish) and «Отменить черновик».
 */
export const DraftToolbarActions = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const approves = useApproves(resource);
  if (!record || !draftOf(record)) return null;
  const publish = mayPublishDraft(record as DraftInfo, approves);
  return (
    <>
      {publish && <PublishDraftButton resource={resource} record={record} />}
      <DiscardDraftButton record={record} />
    </>
  );
};

import SendIcon from '@mui/icons-material/Send';
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material';
import { useDataProvider, useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { draftOf, type AdminDataProvider, type DraftInfo } from '../../dataProvider/index.js';
import { resourceNamed } from '@lib/resources/index.js';
import { formatDateTime } from '../common/dateTime.js';
import { useApproves } from '../common/recordRights.js';
import { PreviewButton } from '../revisions/PreviewButton.js';
import { DiscardDraftButton } from './DiscardDraftButton.js';
import { DraftChanges } from './DraftChanges.js';
import { mayPublishDraft } from './DraftToolbarActions.js';
import { PublishDraftButton } from './PublishDraftButton.js';
import { RequestChangesButton } from './RequestChangesButton.js';
import { ReviewStatus } from './ReviewStatus.js';
import { useDraftAction } from './useDraftAction.js';
import { addScreenTexts } from '../i18n/index.js';
import { draftScreenMessages } from '../i18n/drafts.js';

addScreenTexts(draftScreenMessages);

/**
 * Above the edit form of a record with a draft: «Есть неопубликованные изменения», who saved the draft and when, where
 * it stands in review, what it changes against the live version, its preview (a resource with public pages), and what
 * may be done with it. Whoever approves the resource's drafts (a MANAGER, a role that may publish it) publishes
 * or returns a draft; a USER sends it for review, and publishes it only where the site does not ask for review and
 * while it is not in review.
 */
export const DraftBand = () => {
  const record = useRecordContext();
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const manager = useApproves(resource);
  const { busy, run } = useDraftAction();
  const draft = draftOf(record);
  if (!record || !draft) return null;
  const info = record as DraftInfo;
  const state = info.review_state ?? 'none';
  const action = { id: record.id, previousData: record };
  return (
    <Box sx={{ px: 2, pt: 2 }} data-testid="draft-band">
      <Alert severity="warning" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
        <AlertTitle>{translate('app.draft.band_title')}</AlertTitle>
        <Typography variant="body2">{translate('app.draft.saved_by', { email: draft.user_email, date: formatDateTime(draft.saved_at) })}</Typography>
        {draft.publish_at && <Typography variant="body2">{translate('app.draft.scheduled', { date: formatDateTime(draft.publish_at) })}</Typography>}
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('app.draft.editing_draft')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 1 }}>
          <ReviewStatus info={info} />
        </Stack>
        <Typography variant="subtitle2" component="h3">
          {translate('app.draft.changes')}
        </Typography>
        <DraftChanges resource={resource} live={record} draft={draft} />
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {resourceNamed(resource)?.public?.page && <PreviewButton draft />}
          {mayPublishDraft(info, manager) && <PublishDraftButton resource={resource} record={record} />}
          {manager && state === 'in_review' && <RequestChangesButton resource={resource} record={record} />}
          {!manager && state !== 'in_review' && (
            <Button startIcon={<SendIcon />} disabled={busy} onClick={() => void run(() => dataProvider.submitDraft(resource, action), 'app.review.submitted')}>
              {translate('app.review.submit')}
            </Button>
          )}
          <DiscardDraftButton record={record} />
        </Stack>
      </Alert>
    </Box>
  );
};

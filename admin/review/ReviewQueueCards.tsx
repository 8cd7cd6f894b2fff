import { Grid, ListItem, ListItemText } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import type { ReviewQueueEntry } from '@lib/review.js';
import { formatDateTime } from '../common/dateTime.js';
import { ListCard } from '../common/ListCard.js';
import { useApprovesAny } from '../common/recordRights.js';
import { addScreenTexts } from '../i18n/index.js';
import { draftScreenMessages } from '../i18n/drafts.js';
import { useReviewQueue } from './reviewQueue.js';

addScreenTexts(draftScreenMessages);

/** One draft of the queue: a link to its edit screen named by the record's title, who saved it and when, and a returned one's comment. */
const QueueEntry = ({ entry }: { entry: ReviewQueueEntry }) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const text = translate(entry.title === null ? 'app.review.queue_entry' : 'app.review.queue_entry_titled', {
    title: entry.title,
    resource: translate(`resources.${entry.resource}.name`, { smart_count: 1 }),
    id: entry.record_id,
    email: entry.user_email,
    date: formatDateTime(entry.saved_at),
  });
  const state =
    entry.review_state === 'changes_requested' && entry.review_comment
      ? translate('app.review.changes_requested', {
          comment: entry.review_comment.text,
          email: entry.review_comment.user_email,
          date: formatDateTime(entry.review_comment.at),
        })
      : translate(entry.review_state === 'in_review' ? 'app.review.in_review' : 'app.review.state_none');
  return (
    <ListItem disableGutters>
      <ListItemText primary={<Link to={createPath({ resource: entry.resource, type: 'edit', id: entry.record_id })}>{text}</Link>} secondary={state} />
    </ListItem>
  );
};

/**
 * The dashboard's review queue: for whoever approves drafts (a MANAGER, a role that may publish), those waiting for review; for everyone, their own drafts, a
 * returned one with the MANAGER's comment.
 */
export const ReviewQueueCards = () => {
  const translate = useTranslate();
  const approves = useApprovesAny();
  const queue = useReviewQueue();
  const waiting = queue.data?.waiting ?? [];
  const mine = queue.data?.mine ?? [];
  return (
    <Grid container spacing={2}>
      {approves && (
        <Grid size={{ xs: 12, md: 6 }}>
          <ListCard title={translate('app.review.queue_title')} empty={translate('app.review.queue_empty')} testId="review-queue">
            {waiting.map((entry) => (
              <QueueEntry key={`${entry.resource}-${entry.record_id}`} entry={entry} />
            ))}
          </ListCard>
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <ListCard title={translate('app.review.mine_title')} empty={translate('app.review.mine_empty')} testId="my-review-drafts">
          {mine.map((entry) => (
            <QueueEntry key={`${entry.resource}-${entry.record_id}`} entry={entry} />
          ))}
        </ListCard>
      </Grid>
    </Grid>
  );
};

import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DraftInfo } from '../../dataProvider/index.js';
import { formatDateTime } from '../common/dateTime.js';

/** Where the draft stands in review: «На согласовании», or returned with the MANAGER's comment, who and when. */
export const ReviewStatus = ({ info }: { info: DraftInfo }) => {
  const translate = useTranslate();
  if (info.review_state === 'in_review') {
    return (
      <Alert severity="info" data-testid="review-status">
        {translate('app.review.in_review')}
      </Alert>
    );
  }
  if (info.review_state === 'changes_requested' && info.review_comment) {
    const { text, user_email, at } = info.review_comment;
    return (
      <Alert severity="warning" data-testid="review-status">
        {translate('app.review.changes_requested', { comment: text, email: user_email, date: formatDateTime(at) })}
      </Alert>
    );
  }
  return null;
};

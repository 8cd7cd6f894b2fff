import { Box } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ReviewState } from '@lib/review.js';

/** A list row's mark for its draft's author when a MANAGER returned the draft for rework: the work waiting for them. */
export const ReturnedToYouMarker = () => {
  const record = useRecordContext<{ id: number; draft_mine?: boolean; review_state?: ReviewState }>();
  const translate = useTranslate();
  if (!record?.draft_mine || record.review_state !== 'changes_requested') return null;
  return (
    <Box component="span" data-testid="returned-to-you" sx={{ color: 'warning.dark', fontSize: '0.75rem', fontWeight: 500, whiteSpace: 'nowrap' }}>
      {translate('app.draft.marker.returned_to_you')}
    </Box>
  );
};

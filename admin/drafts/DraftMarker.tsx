import AssignmentReturnIcon from '@mui/icons-material/AssignmentReturn';
import EditCalendarIcon from '@mui/icons-material/EditCalendar';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { useRecordContext, useTranslate } from 'react-admin';
import type { ReviewState } from '@lib/review.js';

const ICONS = { none: EditCalendarIcon, in_review: HourglassTopIcon, changes_requested: AssignmentReturnIcon } satisfies Record<ReviewState, unknown>;

/** A list row's icon while the record has a draft; its accessible name and tooltip say where the draft's review stands. */
export const DraftMarker = () => {
  const record = useRecordContext<{ id: number; has_draft?: boolean; review_state?: ReviewState }>();
  const translate = useTranslate();
  if (!record?.has_draft) return null;
  const state = record.review_state ?? 'none';
  const Icon = ICONS[state];
  return <Icon color="warning" fontSize="small" titleAccess={translate(`app.draft.marker.${state}`)} data-testid="draft-marker" />;
};

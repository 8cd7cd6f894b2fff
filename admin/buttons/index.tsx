import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import { ListButton, TopToolbar, useRecordContext } from 'react-admin';
import { VerbButton } from './VerbButton.js';

export { RemoveImageButton } from './RemoveImageButton.js';
export { LogoutButton } from './LogoutButton.js';
export { VerbButton } from './VerbButton.js';

/** Pins a video among the fixed ones; shown for videos that are not fixed. */
export const FixButton = () => {
  const record = useRecordContext();
  if (!record || Number(record.fixed) === 1) return null;
  return <VerbButton verb="fix" label="app.action.fix" icon={<PushPinIcon />} success="app.notification.fixed" />;
};

/** Unpins a fixed video. */
export const UnfixButton = () => {
  const record = useRecordContext();
  if (!record || Number(record.fixed) !== 1) return null;
  return <VerbButton verb="unfix" label="app.action.unfix" icon={<PushPinOutlinedIcon />} success="app.notification.unfixed" />;
};

export interface MoveButtonProps {
  /** Show only for records where this flag field is 1 (videos move among the fixed ones). */
  onlyWhen?: string;
  /** Show the label too (toolbars); lists show the icon with the label as tooltip and accessible name. */
  withLabel?: boolean;
}

export const MoveUpButton = ({ onlyWhen, withLabel = false }: MoveButtonProps) => {
  const record = useRecordContext();
  if (!record || (onlyWhen && Number(record[onlyWhen]) !== 1)) return null;
  return (
    <VerbButton verb="moveUp" label="app.action.move_up" icon={<ArrowUpwardIcon fontSize="small" />} success="app.notification.moved" iconOnly={!withLabel} />
  );
};

export const MoveDownButton = ({ onlyWhen, withLabel = false }: MoveButtonProps) => {
  const record = useRecordContext();
  if (!record || (onlyWhen && Number(record[onlyWhen]) !== 1)) return null;
  return (
    <VerbButton
      verb="moveDown"
      label="app.action.move_down"
      icon={<ArrowDownwardIcon fontSize="small" />}
      success="app.notification.moved"
      iconOnly={!withLabel}
    />
  );
};

/** The edit screen's buttons of a video: pin or unpin it, back to the list. */
export const fixActions = (
  <TopToolbar>
    <FixButton />
    <UnfixButton />
    <ListButton />
  </TopToolbar>
);

import EditNoteIcon from '@mui/icons-material/EditNote';
import { useRecordContext, useResourceContext, useTranslate } from 'react-admin';
import { useEditingInList } from './useEditingInList.js';

/** A list row's icon while others have the record open; its accessible name and tooltip say who. */
export const PresenceMarker = () => {
  const record = useRecordContext();
  const editors = useEditingInList(useResourceContext() ?? '')?.get(Number(record?.id));
  const translate = useTranslate();
  if (!editors?.length) return null;
  const names = editors.map((editor) => editor.name).join(', ');
  return <EditNoteIcon color="info" fontSize="small" titleAccess={translate('app.presence.marker', { names, smart_count: editors.length })} />;
};

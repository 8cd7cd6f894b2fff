import EditNoteIcon from '@mui/icons-material/EditNote';
import { useQueryClient } from '@tanstack/react-query';
import { SaveButton, useNotify, useResourceContext, type RaRecord } from 'react-admin';
import type { DraftMeta } from '../../dataProvider/index.js';
import { replaceRecordInCache } from '../cache.js';

const DRAFT_META: DraftMeta = { draft: true };

/** The mutation options of a save that keeps the form as the record's draft, and stays on the form. */
export const useSaveAsDraft = (): { meta: DraftMeta; onSuccess: (data: RaRecord) => void } => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const resource = useResourceContext() ?? '';
  const onSuccess = (data: RaRecord) => {
    notify('app.draft.saved', { type: 'info' });
    replaceRecordInCache(queryClient, resource, data);
  };
  return { meta: DRAFT_META, onSuccess };
};

/**
 * «Сохранить черновик»: the form's values are kept as the record's draft and the live version stays on the site. It is
 * the edit screen's own save with the draft meta, so a draft someone else saved meanwhile opens the conflict view as a
 * stale update does. The editor stays on the form, which then continues the saved draft. `primary` where it is the
 * form's first action (the record's saves go to its draft, or the site chose drafts first).
 */
export const SaveDraftButton = ({ primary = false }: { primary?: boolean }) => {
  const asDraft = useSaveAsDraft();
  return <SaveButton type="button" variant={primary ? 'contained' : 'outlined'} label="app.draft.save" icon={<EditNoteIcon />} mutationOptions={asDraft} />;
};

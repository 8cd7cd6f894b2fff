import { Create, Edit, useResourceContext, type Identifier } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { useForgetKeptVersion } from '../autosave/draftsApi.js';
import { useConflictView } from '../conflicts/useConflictView.js';
import { PresenceNotice } from '../presence/PresenceNotice.js';
import { lazyScreen } from './lazyScreen.js';
import { noteSavedRecord } from './savedRow.js';
import { editActionsOf, editAsideOf } from '../revisions/editorial.js';
import type { EditParts } from './parts.js';
import { UploadProgressProvider, useUploadProgress } from './uploadProgress.js';

type Form = EditParts['form'];

/** The draft's band loads with the first edit screen that needs it, keeping the lists light. */
const DraftBand = lazyScreen(async () => (await import('../drafts/DraftBand.js')).DraftBand, null);

/**
 * A resource's create screen: its form. «Сохранить» opens the new record's edit screen once the server has answered,
 * where its preview and history are (the list would make the editor find it again).
 */
export const ResourceCreate = ({ form: Form }: { form: Form }) => {
  const [percent, meta] = useUploadProgress();
  return (
    <UploadProgressProvider value={percent}>
      <Create redirect="edit" mutationOptions={{ meta }}>
        <Form editing={false} />
      </Create>
    </UploadProgressProvider>
  );
};

/**
 * A resource's edit screen: saves pessimistically (the form waits for the server's answer), then the list; a save
 * refused because someone saved meanwhile opens the conflict view (admin/conflicts). A
 * resource that declares `revisions` gets its history beside the form, one that declares `preview` the
 * «Предпросмотр» button (unless it has buttons of its own). Above the form, who else has the record open.
 */
/**
 * The edit screen's read of its record. List rows carry only the list's columns, and react-admin copies every row of a
 * list into its cache of single records: read under a meta of its own, the edit screen never starts from such a
 * partial row (which would show, and save, a form without its text and pictures).
 */
const WHOLE_RECORD_QUERY = { meta: { whole: true } };

export const ResourceEdit = ({
  form: Form,
  actions,
  transform,
}: {
  form: Form;
  actions?: EditParts['editActions'];
  transform?: EditParts['transformEdit'];
}) => {
  const [percent, meta] = useUploadProgress();
  const name = useResourceContext() ?? '';
  const resource = resourceNamed(name);
  const forgetKeptVersion = useForgetKeptVersion();
  const conflicts = useConflictView(name, (id) => forgetKeptVersion(name, String(id)));
  // Back to the list, whose row of the saved record then comes into view (`SavedRowMark`).
  const listAfterSave = (_resource?: string, id?: Identifier) => {
    if (id !== undefined) noteSavedRecord(name, id);
    return `/${name}`;
  };
  return (
    <UploadProgressProvider value={percent}>
      <Edit
        key={conflicts.generation}
        mutationMode="pessimistic"
        redirect={listAfterSave}
        actions={actions ?? editActionsOf(resource)}
        aside={editAsideOf(resource)}
        transform={transform}
        mutationOptions={{ meta, onError: conflicts.onError }}
        queryOptions={WHOLE_RECORD_QUERY}
      >
        <PresenceNotice />
        {resource?.drafts && <DraftBand />}
        <Form editing />
      </Edit>
      {conflicts.view}
    </UploadProgressProvider>
  );
};

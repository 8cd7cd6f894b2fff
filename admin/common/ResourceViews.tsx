import type { ComponentType } from 'react';
import { Create, Edit, useResourceContext } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { editActionsOf, editAsideOf } from '../revisions/editorial.js';
import { lazyScreen } from './lazyScreen.js';
import type { EditParts } from './parts.js';
import { UploadProgressProvider, useUploadProgress } from './uploadProgress.js';

type Form = EditParts['form'];

/** A resource's create screen: its form; back to the list once the server has answered. */
export const ResourceCreate = ({ form: Form }: { form: Form }) => {
  const [percent, meta] = useUploadProgress();
  return (
    <UploadProgressProvider value={percent}>
      <Create redirect="list" mutationOptions={{ meta }}>
        <Form editing={false} />
      </Create>
    </UploadProgressProvider>
  );
};

/**
 * A resource's edit screen: saves pessimistically (the form waits for the server's answer), then the list. A
 * resource that declares `revisions` gets its history beside the form, one that declares `preview` the
 * «Предпросмотр» button (unless it has buttons of its own).
 */
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
  const resource = resourceNamed(useResourceContext() ?? '');
  return (
    <UploadProgressProvider value={percent}>
      <Edit
        mutationMode="pessimistic"
        redirect="list"
        actions={actions ?? editActionsOf(resource)}
        aside={editAsideOf(resource)}
        transform={transform}
        mutationOptions={{ meta }}
      >
        <Form editing />
      </Edit>
    </UploadProgressProvider>
  );
};

export interface ResourceViews {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** Where a resource's screens come from, each loaded the first time it opens (a chunk of its own). */
export interface ScreenLoaders {
  list: () => Promise<ComponentType>;
  /** None for a read-only resource. */
  edit?: () => Promise<{ default: EditParts }>;
}

/** A resource's screens: its list, and for a resource with a form the create and edit screens around it. */
export function viewsOf({ list, edit }: ScreenLoaders): ResourceViews {
  if (!edit) return { list: lazyScreen(list) };
  const parts = async () => (await edit()).default;
  return {
    list: lazyScreen(list),
    create: lazyScreen(async () => {
      const { form } = await parts();
      return () => <ResourceCreate form={form} />;
    }),
    edit: lazyScreen(async () => {
      const { form, editActions, transformEdit } = await parts();
      return () => <ResourceEdit form={form} actions={editActions} transform={transformEdit} />;
    }),
  };
}

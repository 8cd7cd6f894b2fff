import type { ComponentType } from 'react';
import { Create, Edit, useResourceContext } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { editActionsOf, editAsideOf } from '../revisions/editorial.js';
import type { ResourceParts } from './parts.js';
import { UploadProgressProvider, useUploadProgress } from './uploadProgress.js';

type Form = NonNullable<ResourceParts['form']>;

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
  actions?: ResourceParts['editActions'];
  transform?: ResourceParts['transformEdit'];
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
  icon: ComponentType;
  recordRepresentation: ResourceParts['recordRepresentation'];
}

/** The screens of a resource from its parts: the list, and create and edit around its form when it has one. */
export function viewsOf(parts: ResourceParts): ResourceViews {
  const { form, list, icon, recordRepresentation } = parts;
  if (!form) return { list, icon, recordRepresentation };
  return {
    list,
    icon,
    recordRepresentation,
    create: () => <ResourceCreate form={form} />,
    edit: () => <ResourceEdit form={form} actions={parts.editActions} transform={parts.transformEdit} />,
  };
}

import type { ComponentType } from 'react';
import { lazyScreen } from './lazyScreen.js';
import type { EditParts } from './parts.js';

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

/**
 * A resource's screens: its list, and for a resource with a form the edit screen around it, and the create screen
 * unless its records come from elsewhere (`creates` false: visitors' enquiries).
 */
export function viewsOf({ list, edit }: ScreenLoaders, creates = true): ResourceViews {
  if (!edit) return { list: lazyScreen(list) };
  // The create and edit screens' frame (react-admin's Create and Edit, the history beside the form) loads with the
  // form, so that the lists do not carry it.
  const parts = async () => {
    const [screens, { default: formParts }] = await Promise.all([import('./ResourceScreens.js'), edit()]);
    return { ...screens, ...formParts };
  };
  const create = lazyScreen(async () => {
    const { ResourceCreate, form } = await parts();
    return () => <ResourceCreate form={form} />;
  });
  return {
    list: lazyScreen(list),
    ...(creates ? { create } : {}),
    edit: lazyScreen(async () => {
      const { ResourceEdit, form, editActions, transformEdit } = await parts();
      return () => <ResourceEdit form={form} actions={editActions} transform={transformEdit} />;
    }),
  };
}

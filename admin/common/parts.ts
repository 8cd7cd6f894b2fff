import type { ComponentType, ReactElement } from 'react';
import type { TransformData } from 'react-admin';

/** What a resource's form is told: whether it edits a stored record (some fields are fixed once created). */
export interface FormProps {
  editing: boolean;
}

/**
 * What a resource's create and edit screens are made of (its folder's `index.ts`, a chunk loaded when one of them
 * first opens): the one form both use, and the edit screen's extras; the screens around the form are the same for
 * every resource.
 */
export interface EditParts {
  form: ComponentType<FormProps>;
  /** The buttons above the edit form, when they differ from react-admin's. */
  editActions?: ReactElement;
  /** Changes an edited record's data before it is saved. */
  transformEdit?: TransformData;
}

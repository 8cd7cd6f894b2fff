import type { ComponentType, ReactElement } from 'react';
import type { RaRecord, TransformData } from 'react-admin';

/** What a resource's form is told: whether it edits a stored record (some fields are fixed once created). */
export interface FormProps {
  editing: boolean;
}

/**
 * The parts of a resource's admin screens (its `index.ts`): the list and the one form that both create and edit
 * use; the create and edit screens around the form are the same for every resource.
 */
export interface ResourceParts {
  list: ComponentType;
  /** None for read-only resources. */
  form?: ComponentType<FormProps>;
  /** The buttons above the edit form, when they differ from react-admin's. */
  editActions?: ReactElement;
  /** Changes an edited record's data before it is saved. */
  transformEdit?: TransformData;
  icon: ComponentType;
  recordRepresentation: (record: RaRecord) => string;
}

import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { SimpleForm, useRecordContext, useResourceContext } from 'react-admin';
import { resourceNamed } from '@lib/resources/index.js';
import { FormAutosave } from '../autosave/FormAutosave.js';
import { withDraftValues } from '../drafts/values.js';
import { LanguageTabs } from '../translations/LanguageTabs.js';
import { FormToolbar } from './FormToolbar.js';
import { KeepTypingWhileSaving } from './KeepTypingWhileSaving.js';
import { SaveShortcut } from './SaveShortcut.js';
import { TrackSaves } from './savesInFlight.js';
import { TypesetOnBlur } from './TypesetOnBlur.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';

type DefaultValues = Record<string, unknown> | (() => Record<string, unknown>);

export interface ResourceFormProps {
  /** Values of a new record (an object, or a function for values computed when the form opens). */
  defaultValues?: DefaultValues;
  children: ReactNode;
  /** The removal of a stored record when it has rules of its own (a library asset in use); react-admin's otherwise. */
  remove?: ReactNode;
}

/**
 * The form of every resource: its unsaved changes are kept as the editor types (and offered back), leaving it with
 * unsaved changes asks first, Ctrl+S saves, what is typed while a save is on its way stays, «Сохранить и продолжить» stays on it, a text field with typography shows
 * its typeset text once the editor leaves it. A new item of a resource that
 * publishes starts as a draft, and «Опубликовать» publishes a draft. On a site with English, a translatable
 * resource's form switches between the Russian fields and the English version of the localized ones. A record with a
 * draft opens with the draft's values, so the editor continues the draft rather than the live version.
 */
export const ResourceForm = ({ defaultValues, children, remove }: ResourceFormProps) => {
  const name = useResourceContext();
  const resource = name ? resourceNamed(name) : undefined;
  const publishes = resource !== undefined && 'published' in resource.fields;
  const stored = useRecordContext();
  const record = useMemo(() => (stored ? withDraftValues(stored) : undefined), [stored]);
  const defaults = () => {
    const values = typeof defaultValues === 'function' ? defaultValues() : (defaultValues ?? {});
    return publishes ? { ...values, published: 0 } : values;
  };
  return (
    <TrackSaves>
      <SimpleForm record={record} defaultValues={defaults} toolbar={<FormToolbar publishes={publishes} drafts={resource?.drafts === true} remove={remove} />}>
        <UnsavedChangesGuard />
        <KeepTypingWhileSaving record={record} />
        <SaveShortcut record={record} />
        <FormAutosave />
        <TypesetOnBlur />
        <LanguageTabs>{children}</LanguageTabs>
      </SimpleForm>
    </TrackSaves>
  );
};

import { useEffect, useMemo, useRef } from 'react';
import { useDataProvider, useResourceContext } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { resourceNamed, typographyFields } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';
import { useNotifyUndo } from './useNotifyUndo.js';

/** The form field an element edits: an input's name, or the source of the rich-text input around it. */
function fieldOf(element: Element): { name: string; root: Element } | null {
  if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.name) return { name: element.name, root: element };
  const root = element.closest('.ra-input');
  const name = root ? [...root.classList].find((name) => name.startsWith('ra-input-'))?.slice('ra-input-'.length) : undefined;
  return root && name ? { name, root } : null;
}

/** The words of a value as a reader sees them: rich HTML's text, or the text itself. */
const wordsOf = (value: string): string => new DOMParser().parseFromString(value, 'text/html').body.textContent ?? '';

/**
 * Put inside a form: when the editor leaves a field the resource declares with typography after changing it, the
 * field takes its typeset text (as the save will store it) with a notice that offers «Отменить». A field changed again
 * meanwhile, or saved meanwhile, keeps what it holds. The notice goes away with the form.
 */
export const TypesetOnBlur = () => {
  const resource = useResourceContext();
  const fields = useMemo(() => new Set(typographyFields(resourceNamed(resource ?? '')?.fields ?? {})), [resource]);
  const { getValues, getFieldState, setValue } = useFormContext();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const notifyUndo = useNotifyUndo();
  const marker = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const form = marker.current?.closest('form');
    if (!form || !resource || !fields.size) return;
    // The notice belongs to this form: leaving it (another screen, the login page) takes the notice away.
    const formShown = new AbortController();
    const typeset = async (name: string) => {
      const sent: unknown = getValues(name);
      if (typeof sent !== 'string' || sent.trim() === '' || !getFieldState(name).isDirty) return;
      let value: string;
      try {
        ({ value } = (await dataProvider.typeset(resource, { field: name, value: sent })).data);
      } catch {
        return; // The save typesets and checks it again, and says what is wrong there.
      }
      if (getValues(name) !== sent || wordsOf(value) === wordsOf(sent)) return;
      setValue(name, value, { shouldDirty: true });
      notifyUndo(
        'app.typography.applied',
        () => {
          if (getValues(name) === value) setValue(name, sent, { shouldDirty: true });
        },
        undefined,
        formShown.signal,
      );
    };
    const left = (event: FocusEvent) => {
      if (!(event.target instanceof Element)) return;
      const field = fieldOf(event.target);
      if (!field || !fields.has(field.name)) return;
      // Within the field (its toolbar) or into a dialog it opened (a link's address), the editor has not left it.
      const next = event.relatedTarget;
      if (next instanceof Element && (field.root.contains(next) || next.closest('[role="dialog"], [role="presentation"]'))) return;
      void typeset(field.name);
    };
    form.addEventListener('focusout', left);
    return () => {
      form.removeEventListener('focusout', left);
      formShown.abort();
    };
  }, [resource, fields, getValues, getFieldState, setValue, dataProvider, notifyUndo]);

  return <span ref={marker} hidden />;
};

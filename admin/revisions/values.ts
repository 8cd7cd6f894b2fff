import { plainText } from '@lib/html.js';
import type { Field } from '@lib/resources/index.js';

const DATE_TIME = new Intl.DateTimeFormat('ru-RU', { dateStyle: 'short', timeStyle: 'medium' });

/** When a version was saved, to the second (two saves of one minute stay apart). */
export const formatSavedAt = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : DATE_TIME.format(date);
};

/**
 * A field's value as people read it in the diff: rich HTML as its text with one line per paragraph, flags as
 * «Да»/«Нет», dates in ru-RU, choices by their names; `translate` turns i18n keys of choice names into text.
 */
export function readableValue(field: Field | undefined, value: unknown, translate: (key: string) => string): string {
  if (value === null || value === undefined) return '';
  switch (field?.kind) {
    case 'html':
      return plainText(String(value), { paragraphs: true });
    case 'flag':
      return Number(value) === 1 ? 'Да' : 'Нет';
    case 'date':
      return formatSavedAt(String(value));
    case 'choice': {
      const choice = field.choices.find((option) => option.id === value);
      return choice ? translate(choice.name) : String(value);
    }
    default:
      return String(value);
  }
}

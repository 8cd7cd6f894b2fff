import { HTML_MAX, type Field } from '../../lib/resources/index.js';
import { typesetHtml, typesetText, typesetWithinBudget } from '../content/typography.js';
import type { Values } from './hooks.js';

/** The fields a resource declares with `typography: true`. */
export const typographyFields = (fields: Readonly<Record<string, Field>>): string[] =>
  Object.entries(fields)
    .filter(([, field]) => (field.kind === 'text' || field.kind === 'html') && field.typography === true)
    .map(([name]) => name);

/** The longest value a field takes: its declared maximum, or the longest rich HTML. */
const limitOf = (field: Field): number => (field.kind === 'text' ? field.max : HTML_MAX);

/**
 * The values with every field declared `typography: true` typeset; the others as they are. A typeset text longer than
 * its field allows (a space added before a bracket) is kept as sent, so that the stored record can always be saved
 * again unchanged.
 */
export function typesetValues(fields: Readonly<Record<string, Field>>, values: Values): Values {
  const result: Values = { ...values };
  for (const name of typographyFields(fields)) {
    const field = fields[name];
    const value = values[name];
    if (!field || typeof value !== 'string' || value === '') continue;
    const typeset = typesetWithinBudget(value, field.kind === 'html' ? typesetHtml : typesetText);
    if (typeset.length <= limitOf(field)) result[name] = typeset;
  }
  return result;
}

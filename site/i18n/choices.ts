import { choiceNames, type Field } from '@lib/resources/index.js';

/**
 * The names of a resource's choice fields' keys: the declared (Russian) names, with those a page gives in its
 * language instead (by field).
 */
export function choiceNamesWith(
  fields: Readonly<Record<string, Field>>,
  names: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): Record<string, Record<string, string>> {
  return Object.fromEntries(Object.entries(choiceNames(fields)).map(([name, declared]) => [name, { ...declared, ...names[name] }]));
}

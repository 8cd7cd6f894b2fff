import { resourceNamed, type ResourceName } from '@lib/resources/index.js';

export interface Choice {
  id: string;
  name: string;
}

/** The choices a resource declares for a field (stored keys and the names shown), for select inputs and filters. */
export function choicesOf(resource: ResourceName, name: string): Choice[] {
  const field = resourceNamed(resource).fields[name];
  if (field?.kind !== 'choice') throw new Error(`${resource}.${name} is not a choice field`);
  return [...field.choices];
}

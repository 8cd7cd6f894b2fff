import { isDemoMoment } from './demoDates.js';
import type { ResourceDescriptor } from './descriptor.js';
import { boundsOf, RANGE_BOUNDS } from './ranges.js';

/**
 * What is wrong with a declaration, checked when it is defined, so that a mistake stops the start with a clear message
 * instead of being ignored: extra verbs exist only for the specification's POST verbs (`api: 'verbs'`); a list part's
 * range compares one declared date field with exactly one bound; a feed of a resource with `public_at` has it among
 * its list's fields (its items' `pubDate`); a demo date relative to the seeding is given only to a declared date
 * field, in whole days.
 */
export function descriptorProblems(descriptor: ResourceDescriptor): string[] {
  const problems: string[] = [];
  const isDate = (name: string) => descriptor.fields[name]?.kind === 'date';
  if (descriptor.verbs?.length && descriptor.api !== 'verbs') {
    problems.push(`the extra verbs ${descriptor.verbs.join(', ')} exist only for api 'verbs', not '${descriptor.api}'`);
  }
  const list = descriptor.public?.list;
  for (const part of list?.parts?.parts ?? []) {
    for (const range of part.where) {
      if (!isDate(range.field)) problems.push(`the part ${part.name} compares ${range.field}, which is no declared date field`);
      if (boundsOf(range).length !== 1) problems.push(`the part ${part.name}'s range of ${range.field} needs exactly one of ${RANGE_BOUNDS.join(', ')}`);
    }
  }
  if (descriptor.public?.feed && 'public_at' in descriptor.fields && !list?.fields.includes('public_at')) {
    problems.push("the feed dates its items by public_at, which the public list's fields leave out");
  }
  for (const record of descriptor.demo?.records ?? []) {
    for (const [name, value] of Object.entries(record)) {
      if (!isDemoMoment(value)) continue;
      if (!isDate(name)) problems.push(`the demo value of ${name} is relative to now, but ${name} is no declared date field`);
      if (!Number.isInteger(value.daysFromNow)) problems.push(`the demo value of ${name} counts ${value.daysFromNow} days: a whole number is needed`);
    }
  }
  return problems;
}

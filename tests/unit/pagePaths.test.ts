import { describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceDescriptor } from '../../lib/resources/index.js';

const PAGED = (RESOURCES as readonly ResourceDescriptor[]).flatMap((resource) =>
  resource.public?.page ? [{ name: resource.name, resource, page: resource.public.page }] : [],
);

/** The sitemap reads only a page's `pathFields`: every other field must leave the address as it is. */
describe.each(PAGED)('the address of a $name page', ({ resource, page }) => {
  it('is made of its pathFields only', () => {
    const record = Object.fromEntries(['id', ...Object.keys(resource.fields)].map((name) => [name, `znachenie-${name}`]));
    const address = page.path(record);
    for (const name of ['id', ...Object.keys(resource.fields)].filter((field) => !page.pathFields.includes(field))) {
      // `investoram` is a value that changes a text page's address when it is its section.
      expect(page.path({ ...record, [name]: 'investoram' }), name).toBe(address);
    }
    for (const name of page.pathFields) expect(page.path({ ...record, [name]: 'investoram' }), name).not.toBe(address);
  });
});

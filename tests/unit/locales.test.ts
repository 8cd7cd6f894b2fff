import { describe, expect, it } from 'vitest';
import { isTranslated, localizedFieldsOf, localizedSlugOf, RESOURCES, resourceNamed } from '../../lib/resources/index.js';

describe('localized fields', () => {
  it('are only texts, rich texts and slugs; references, files, dates, flags and order stay shared', () => {
    for (const resource of RESOURCES) {
      for (const [name, field] of localizedFieldsOf(resource)) expect(['text', 'html', 'slug'], `${resource.name}.${name}`).toContain(field.kind);
    }
    const news = resourceNamed('news');
    expect(localizedFieldsOf(news).map(([name]) => name)).toEqual(['title', 'slug', 'lead', 'image_alt', 'content', 'seo_title', 'seo_description']);
    expect(localizedSlugOf(news)).toBe('slug');
    expect(localizedFieldsOf(resourceNamed('menus')).map(([name]) => name)).toEqual(['title']);
    expect(localizedFieldsOf(resourceNamed('redirects'))).toEqual([]);
  });

  it('make a translated version once the required ones are filled', () => {
    const news = resourceNamed('news');
    expect(isTranslated(news, {})).toBe(false);
    expect(isTranslated(news, { lead: 'Only a lead', slug: 'only-a-lead' })).toBe(false);
    expect(isTranslated(news, { title: '   ' })).toBe(false);
    expect(isTranslated(news, { title: 'Skolkovo residency' })).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { ENQUIRY_RESULTS } from '../../lib/enquiry.js';
import { TEXTS } from '../../lib/siteTexts.js';
import { refusalIn } from '../../site/client/sendEnquiry.js';
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

describe('the feedback form in another language', () => {
  const refusal = (status: number, errors: Record<string, string[]>) => ({ ok: false as const, status, message: 'Проверьте поля формы.', errors });

  it("tells a refusal in English words, by field and as a whole; Russian keeps the server's own words", () => {
    const english = refusalIn(TEXTS.en.enquiry, refusal(400, { name: ['Заполните поле.'], email: ['Укажите…'], phone: ['Укажите…'] }));
    expect(english.notice).toBe(TEXTS.en.enquiry.results.invalid);
    expect(english.errors).toEqual({
      name: ['Enter your name.'],
      email: ['Give an e-mail address or a phone number.'],
      phone: ['Give an e-mail address or a phone number.'],
    });
    expect(refusalIn(TEXTS.en.enquiry, refusal(400, { consent: ['…'] })).notice).toBe('Tick the consent to the processing of personal data.');
    expect(refusalIn(TEXTS.en.enquiry, refusal(429, {})).notice).toBe(TEXTS.en.enquiry.results.limit);
    expect(refusalIn(TEXTS.en.enquiry, refusal(409, {})).notice).toContain('has changed');
    expect(refusalIn(TEXTS.en.enquiry, refusal(400, { consent_version: ['…'] })).errors).toEqual({ consent_version: [TEXTS.en.enquiry.results.invalid] });
    const russian = refusal(400, { name: ['Заполните поле.'] });
    expect(refusalIn(TEXTS.ru.enquiry, russian)).toEqual({ notice: russian.message, errors: russian.errors });
  });

  it('keeps the Russian words of the results the server and the page share', () => {
    expect(TEXTS.ru.enquiry.results).toBe(ENQUIRY_RESULTS);
    expect(Object.keys(TEXTS.en.enquiry.results).sort()).toEqual(Object.keys(ENQUIRY_RESULTS).sort());
  });
});

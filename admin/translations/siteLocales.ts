import { translationLocales, type TranslationLocale } from '@lib/locales.js';
import { isTranslatable, resourceNamed } from '@lib/resources/index.js';
import { useSiteSettings } from '../common/siteSettings.js';

/**
 * The languages the site has besides Russian: none until the server has answered, or when it could not or answered
 * without them (a server from before languages), so that a list or a form never fails for want of them.
 */
export function useSiteTranslationLocales(): TranslationLocale[] {
  const data = useSiteSettings();
  return Array.isArray(data?.locales) ? translationLocales(data.locales) : [];
}

/** The languages a resource's records are translated into here: none for a resource with nothing to translate. */
export function useTranslationLocalesOf(resource: string | undefined): TranslationLocale[] {
  const locales = useSiteTranslationLocales();
  const descriptor = resource ? resourceNamed(resource) : undefined;
  return descriptor && isTranslatable(descriptor) ? locales : [];
}

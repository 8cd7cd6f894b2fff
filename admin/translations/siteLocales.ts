import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { translationLocales, type TranslationLocale } from '@lib/locales.js';
import { isTranslatable, resourceNamed } from '@lib/resources/index.js';
import type { AdminDataProvider } from '../../dataProvider/index.js';

/** The query of `GET /api/admin/site-settings`, shared by the screens that read it. */
export const SITE_SETTINGS_KEY = ['site-settings'] as const;

/**
 * The languages the site has besides Russian: none until the server has answered, or when it could not or answered
 * without them (a server from before languages), so that a list or a form never fails for want of them.
 */
export function useSiteTranslationLocales(): TranslationLocale[] {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: async () => (await dataProvider.getSiteSettings('site-settings', {})).data,
    // The languages are the server's configuration: they change only with a restart.
    staleTime: Infinity,
  });
  return Array.isArray(data?.locales) ? translationLocales(data.locales) : [];
}

/** The languages a resource's records are translated into here: none for a resource with nothing to translate. */
export function useTranslationLocalesOf(resource: string | undefined): TranslationLocale[] {
  const locales = useSiteTranslationLocales();
  const descriptor = resource ? resourceNamed(resource) : undefined;
  return descriptor && isTranslatable(descriptor) ? locales : [];
}

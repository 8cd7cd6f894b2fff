import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider, SiteSettings } from '../../dataProvider/index.js';

export const SITE_SETTINGS_KEY = ['site-settings'] as const;

/**
 * What of the server's configuration the screens follow (`GET /api/admin/site-settings`), read once per session:
 * undefined until the server has answered. «Настройки сайта» puts its saved choice here.
 */
export function useSiteSettings(): SiteSettings | undefined {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const { data } = useQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: async () => (await dataProvider.getSiteSettings('site-settings', {})).data,
    // The languages change only with a restart; the choices of «Настройки сайта» are put here when saved.
    staleTime: Infinity,
  });
  return data;
}

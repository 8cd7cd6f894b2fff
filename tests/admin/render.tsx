import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, type DataProvider } from 'react-admin';
import { i18nProvider } from '../../admin/i18n/index.js';
import { Notification } from '../../admin/layout/Notification.js';

/** Renders admin components with react-admin's contexts, Russian messages and a memory router. */
export function renderInAdmin(ui: ReactNode, options: { dataProvider: DataProvider; resource: string; path?: string }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <TestMemoryRouter initialEntries={[options.path ?? `/${options.resource}`]}>
      <AdminContext dataProvider={options.dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <ResourceContextProvider value={options.resource}>{ui}</ResourceContextProvider>
        <Notification />
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, queryClient };
}

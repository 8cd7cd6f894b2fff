import { lazy, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AccessDenied } from './AccessDenied.js';
import { AdminHome, LoginRedirect } from './AdminHome.js';
import { CalendarPage } from './calendar/CalendarPage.js';
import { i18nProvider } from './i18n/index.js';
import { Layout } from './layout/Layout.js';
import { Notification } from './layout/Notification.js';
import { ProfilePage } from './profile/ProfilePage.js';
import { createProviders, type AdminProviders } from './providers.js';
import { RESOURCE_VIEWS } from './resources.js';
import { theme } from './theme.js';

export const ADMIN_BASENAME = '/admin';

/** «Корзина», loaded when first opened. */
const TrashList = lazy(() => import('./trash/TrashList.js'));

export interface AdminAppProps {
  /** Ready-made providers (tests); the browser builds its own. */
  providers?: AdminProviders;
}

/** The admin inside a router that already matched /admin/*. */
export const AdminRoot = ({ providers }: { providers: AdminProviders }) => (
  <Admin
    basename={ADMIN_BASENAME}
    title="app.title"
    dataProvider={providers.dataProvider}
    authProvider={providers.authProvider}
    queryClient={providers.queryClient}
    i18nProvider={i18nProvider}
    theme={theme}
    layout={Layout}
    loginPage={LoginRedirect}
    notification={Notification}
    accessDenied={AccessDenied}
    disableTelemetry
  >
    <CustomRoutes noLayout>
      <Route path="/" element={<AdminHome />} />
    </CustomRoutes>
    <CustomRoutes>
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/calendar" element={<CalendarPage />} />
    </CustomRoutes>
    {RESOURCE_VIEWS.map(({ name, ...views }) => (
      <Resource key={name} name={name} {...views} />
    ))}
    <Resource name="trash" list={TrashList} />
  </Admin>
);

/**
 * The admin app at /admin (spec §2): real paths (`/admin/news/3`) through a browser router, react-admin mounted
 * under the `/admin` basename, Russian messages, toasts at the top centre.
 */
export const App = ({ providers }: AdminAppProps) => {
  const [ready] = useState(() => providers ?? createProviders());
  return (
    <BrowserRouter>
      <Routes>
        <Route path={`${ADMIN_BASENAME}/*`} element={<AdminRoot providers={ready} />} />
      </Routes>
    </BrowserRouter>
  );
};

export default App;

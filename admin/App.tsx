import { useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { AccessDenied } from './AccessDenied.js';
import { AdminHome, LoginRedirect } from './AdminHome.js';
import { CalendarPage } from './calendar/CalendarPage.js';
import auditLog from './audit-log/index.js';
import { i18nProvider } from './i18n/index.js';
import { Layout } from './layout/Layout.js';
import { Notification } from './layout/Notification.js';
import mediaOther from './media-other/index.js';
import mediaOur from './media-our/index.js';
import mediaSource from './media-source/index.js';
import mediaVideo from './media-video/index.js';
import menus from './menus/index.js';
import networkCollections from './network-collections/index.js';
import news from './news/index.js';
import photobankCategories from './photobank-categories/index.js';
import photobankGroups from './photobank-groups/index.js';
import photobankLogos from './photobank-logos/index.js';
import photobankPhotos from './photobank-photos/index.js';
import { createProviders, type AdminProviders } from './providers.js';
import textPages from './text-pages/index.js';
import { theme } from './theme.js';
import users from './users/index.js';

export const ADMIN_BASENAME = '/admin';

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
    <CustomRoutes><Route path="/calendar" element={<CalendarPage />} /></CustomRoutes>
    <Resource name="news" {...news} />
    <Resource name="media-our" {...mediaOur} />
    <Resource name="media-other" {...mediaOther} />
    <Resource name="media-video" {...mediaVideo} />
    <Resource name="media-source" {...mediaSource} />
    <Resource name="photobank-groups" {...photobankGroups} />
    <Resource name="photobank-categories" {...photobankCategories} />
    <Resource name="photobank-logos" {...photobankLogos} />
    <Resource name="photobank-photos" {...photobankPhotos} />
    <Resource name="text-pages" {...textPages} />
    <Resource name="menus" {...menus} />
    <Resource name="network-collections" {...networkCollections} />
    <Resource name="users" {...users} />
    <Resource name="audit-log" {...auditLog} />
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

import { Loading, Navigate, useAuthState, useLocation } from 'react-admin';
import { Dashboard } from './Dashboard.js';
import { Layout } from './layout/Layout.js';
import { LoginPage } from './LoginPage.js';

/** /admin: the login form without a session, the dashboard in the admin's layout with one (spec §2). */
export const AdminHome = () => {
  const { isPending, authenticated } = useAuthState(undefined, false);
  if (isPending) return <Loading />;
  if (!authenticated) return <LoginPage />;
  return (
    <Layout>
      <Dashboard />
    </Layout>
  );
};

/** react-admin sends visitors without a session to /login; the login lives at /admin itself. */
export const LoginRedirect = () => {
  const location = useLocation();
  return <Navigate to="/admin" replace state={location.state as unknown} />;
};

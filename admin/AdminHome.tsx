import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useAuthState, useLocation, useLogin } from 'react-admin';
import type { LoginParams } from '../authProvider/index.js';
import { lazyScreen } from './common/lazyScreen.js';
import { Layout } from './layout/Layout.js';
import { LoadingBar } from './shell/LoadingBar.js';
import { LoginScreen } from './shell/LoginScreen.js';

const Dashboard = lazyScreen(async () => (await import('./Dashboard.js')).Dashboard);

/** The login screen once react-admin runs (the session ended): react-admin's login, then where it leads. */
const SignIn = () => {
  const login = useLogin();
  const queryClient = useQueryClient();
  const signIn = async (params: LoginParams) => {
    await login(params);
    await queryClient.invalidateQueries({ queryKey: ['auth'] });
  };
  return <LoginScreen signIn={signIn} />;
};

/** /admin: the login form without a session, the dashboard in the admin's layout with one. */
export const AdminHome = () => {
  const { isPending, authenticated } = useAuthState(undefined, false);
  if (isPending) return <LoadingBar />;
  if (!authenticated) return <SignIn />;
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

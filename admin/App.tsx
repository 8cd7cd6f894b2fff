import { lazy, Suspense, useEffect, useState } from 'react';
import { resourceNamed } from '@lib/resources/index.js';
import { ADMIN_HOME, createAuthProvider, type LoginParams } from '../authProvider/index.js';
import type { AdminProviders } from './providers.js';
import { LoadingBar } from './shell/LoadingBar.js';
import { LoginScreen } from './shell/LoginScreen.js';
import './shell/shell.css';

export interface AdminAppProps {
  /** Ready-made providers (tests); the browser builds its own. */
  providers?: AdminProviders;
}

/** react-admin with the admin's frame: loaded only once there is a session (or may be one), started on submit. */
const loadAdmin = () => import('./AdminRoot.js');
const AdminRoot = lazy(loadAdmin);

/** The rich-text editor, which the forms load lazily: the heaviest part of a form. */
const loadRichTextEditor = () => import('./richText/RichTextEditor.js');

/**
 * When the admin opens on a form with rich text (`/admin/news/12`, `/admin/news/create`), the editor is fetched
 * beside the admin's frame: otherwise the form would ask for it only once the frame has loaded, routed and rendered.
 */
function preloadFormOf(pathname: string): void {
  const [name, id] = pathname.slice(ADMIN_HOME.length).split('/').filter(Boolean);
  const resource = name === undefined || id === undefined ? undefined : resourceNamed(name);
  if (resource && Object.values(resource.fields).some((field) => field.kind === 'html')) void loadRichTextEditor();
}

/**
 * The admin app at /admin. Its first screen is light: without a session the login screen shows with no
 * react-admin and no MUI at all, and every other admin address goes back to /admin; with a session (or the marker of
 * one to renew) react-admin loads, with a progress bar meanwhile.
 */
export const App = ({ providers }: AdminAppProps) => {
  const [authProvider] = useState(() => providers?.authProvider ?? createAuthProvider());
  const [signedIn, setSignedIn] = useState(() => authProvider.session.present());

  // The address the frame opens on, once it starts loading: later screens load as the editor goes to them.
  useEffect(() => {
    if (signedIn) preloadFormOf(window.location.pathname);
  }, [signedIn]);

  useEffect(() => {
    if (!signedIn && window.location.pathname !== ADMIN_HOME) window.history.replaceState(null, '', ADMIN_HOME);
  }, [signedIn]);

  const signIn = async (params: LoginParams) => {
    void loadAdmin();
    const { redirectTo } = await authProvider.login(params);
    if (redirectTo !== window.location.pathname) window.history.replaceState(null, '', redirectTo);
    setSignedIn(true);
  };

  if (!signedIn) return <LoginScreen signIn={signIn} />;
  return (
    <Suspense fallback={<LoadingBar />}>
      <AdminRoot providers={providers} authProvider={authProvider} />
    </Suspense>
  );
};

export default App;

import { authMessages } from '../i18n/auth.js';

/**
 * What shows while a part of the admin's code loads (react-admin after signing in, a screen, the text editor) or the
 * session is being checked: a thin running bar. Plain markup and the shell's CSS, so it shows before MUI has loaded.
 */
export const LoadingBar = () => (
  <div className="admin-progress" role="progressbar" aria-label={authMessages.loading} aria-busy="true">
    <span />
  </div>
);

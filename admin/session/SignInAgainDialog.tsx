import { lazyScreen } from '../common/lazyScreen.js';
import { useSessionLost } from './sessionLost.js';

/** Its code loads only when a session ends over unsaved changes: no other screen carries it. */
const SignInAgainForm = lazyScreen(async () => (await import('./SignInAgainForm.js')).SignInAgainForm, null);

/**
 * Over the screen whose session ended with unsaved changes: the editor signs in again (the password, then the code of
 * two-factor sign-in when the account has it) and stays on the form to save it; or signs out, and the changes kept
 * in this browser are offered again on the form after the next sign-in.
 */
export const SignInAgainDialog = () => (useSessionLost() ? <SignInAgainForm /> : null);

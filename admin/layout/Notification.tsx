import { Notification as RaNotification } from 'react-admin';
import { TOAST_DURATION_MS } from '@lib/site.js';

/** Toasts at the top centre, shown for 5000 ms. */
export const Notification = () => <RaNotification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />;

import { Notification as RaNotification } from 'react-admin';
import { TOAST_DURATION_MS } from '@lib/site.js';

/** Toasts at the top centre, 5000 ms (spec §8). */
export const Notification = () => <RaNotification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />;

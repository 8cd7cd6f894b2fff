import { Notification as RaNotification } from 'react-admin';

/** How long a toast stays (spec §8, §9). */
export const TOAST_DURATION_MS = 5_000;

/** Toasts at the top centre, 5000 ms (spec §8). */
export const Notification = () => <RaNotification autoHideDuration={TOAST_DURATION_MS} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />;

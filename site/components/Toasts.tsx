import { useEffect, useState } from 'react';
import { dismissToast, subscribeToasts, type Toast } from '../client/toasts.js';

/** Toasts at the top centre; errors are announced assertively. */
export function Toasts() {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  useEffect(() => subscribeToasts(setToasts), []);
  return (
    <div className="toasts" aria-live="assertive" aria-atomic="false">
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
          <span className="toast__text">{toast.text}</span>
          <button type="button" className="toast__close" aria-label="Закрыть уведомление" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

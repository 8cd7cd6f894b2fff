import { TOAST_DURATION_MS, errorToastText } from '@lib/site.js';

export interface Toast {
  id: number;
  kind: 'error' | 'info';
  text: string;
}

type Listener = (toasts: readonly Toast[]) => void;

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();

function emit(): void {
  for (const listener of listeners) listener(toasts);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  listener(toasts);
  return () => {
    listeners.delete(listener);
  };
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((toast) => toast.id !== id);
  emit();
}

/** Shows a toast for 5000 ms; the same text twice in a row is shown once. */
export function showToast(text: string, kind: Toast['kind'] = 'error'): void {
  if (toasts.some((toast) => toast.text === text)) return;
  const toast = { id: nextId++, kind, text };
  toasts = [...toasts, toast];
  emit();
  setTimeout(() => dismissToast(toast.id), TOAST_DURATION_MS);
}

/** The spec's error toast for a failed request: the timeout text when the message says "timeout", else the network one. */
export function showRequestError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  showToast(errorToastText(message), 'error');
}

/** Client navigation state: the progress bar (class `is-navigating` on <html>) and the chunk guard's target. */

interface SiteWindow extends Window {
  __siteHydrated?: boolean;
  __siteNavTarget?: string | null;
}

const PROGRESS_DELAY_MS = 80;

/**
 * The link prefetcher is a chunk of its own, loaded after hydration: it only ever starts at an idle moment, so the
 * first load does not carry it. A failure to load it costs only the prefetching (the chunk guard ignores it then).
 */
const prefetcher = () => import('./prefetch.js');
let progressTimer: ReturnType<typeof setTimeout> | null = null;

export function navigationStarted(target: string): void {
  (window as SiteWindow).__siteNavTarget = target;
  const root = document.documentElement;
  root.classList.remove('is-navigated');
  // A short delay: instant navigations do not flash the bar.
  progressTimer = setTimeout(() => root.classList.add('is-navigating'), PROGRESS_DELAY_MS);
  root.setAttribute('aria-busy', 'true');
}

export function navigationEnded(): void {
  (window as SiteWindow).__siteNavTarget = null;
  if (progressTimer) clearTimeout(progressTimer);
  progressTimer = null;
  const root = document.documentElement;
  root.removeAttribute('aria-busy');
  if (root.classList.contains('is-navigating')) {
    root.classList.remove('is-navigating');
    root.classList.add('is-navigated');
  }
  // Scroll to the top on a new page (Vike restores the position on back/forward itself).
  focusMain();
  void prefetcher().then(
    ({ watchLinks }) => watchLinks(),
    () => undefined,
  );
}

export function hydrated(): void {
  (window as SiteWindow).__siteHydrated = true;
  // Not in the hydration's task: looking through every link of the page would make that long task longer.
  void prefetcher().then(
    ({ idle, watchLinks }) => idle(watchLinks),
    () => undefined,
  );
}

/** Moves keyboard focus to the new page's content, so that screen readers announce it. */
function focusMain(): void {
  const main = document.getElementById('main');
  if (main) main.focus({ preventScroll: true });
}

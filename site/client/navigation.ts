import { pageLinkTarget } from './pageLinks.js';

/**
 * Following a link: every page is loaded from the server, and until the browser shows it the progress bar runs
 * (class `is-navigating` on <html>). The new page starts at its top and screen readers announce it, as any page load.
 */

interface SiteWindow extends Window {
  __siteHydrated?: boolean;
}

const PROGRESS_DELAY_MS = 80;

/**
 * The link prefetcher is a chunk of its own, loaded after hydration: it only ever starts at an idle moment, so the
 * first load does not carry it. A failure to load it costs only the prefetching (the chunk guard ignores it then).
 */
const prefetcher = () => import('./prefetch.js');
let progressTimer: ReturnType<typeof setTimeout> | null = null;

function navigationStarted(): void {
  if (progressTimer) clearTimeout(progressTimer);
  // A short delay: pages that come at once do not flash the bar.
  progressTimer = setTimeout(() => document.documentElement.classList.add('is-navigating'), PROGRESS_DELAY_MS);
}

/** Back on this page without a load (the back button restored it from the browser's memory): the bar stops. */
function navigationEnded(): void {
  if (progressTimer) clearTimeout(progressTimer);
  progressTimer = null;
  document.documentElement.classList.remove('is-navigating');
}

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/** A link click or a form sent to another page of the site, which the page's own code did not take over. */
function watchNavigation(): void {
  // Listening on the document: the page's own handlers (Preact's, on the elements) have run and may have taken it.
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || !plainClick(event) || !(event.target instanceof Element)) return;
    const link = event.target.closest('a[href]');
    if (link instanceof HTMLAnchorElement && pageLinkTarget(link)) navigationStarted();
  });
  document.addEventListener('submit', (event) => {
    if (!event.defaultPrevented) navigationStarted();
  });
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) navigationEnded();
  });
}

export function hydrated(): void {
  (window as SiteWindow).__siteHydrated = true;
  watchNavigation();
  // Not in the hydration's task: looking through every link of the page would make that long task longer.
  void prefetcher().then(
    ({ idle, watchLinks }) => idle(watchLinks),
    () => undefined,
  );
}

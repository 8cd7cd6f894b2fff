import { prefetch } from 'vike/client/router';
import { PREFETCH_IDLE_TIMEOUT_MS, isSitePath, prefetchAllowed, type ConnectionInfo } from '@lib/site.js';

/**
 * Prefetches the code of pages whose links become visible: once a link enters the viewport, after an idle
 * callback (timeout 2000 ms), never on 2g, with data saving on, or offline. A prefetched link gets `data-prefetched`.
 */

const done = new Set<string>();
let observer: IntersectionObserver | null = null;

function connection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

export function canPrefetch(): boolean {
  return prefetchAllowed(connection(), navigator.onLine);
}

/** A link worth prefetching: same origin, a page (not the API, uploads, feeds or files), not the current page. */
function targetOf(link: HTMLAnchorElement): string | null {
  if (link.hasAttribute('download') || link.target === '_blank' || link.rel.includes('external')) return null;
  const href = link.getAttribute('href');
  if (!href || href.startsWith('#')) return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin || !isSitePath(url.pathname)) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname) || url.pathname.startsWith('/admin')) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search) return null;
  return url.pathname + url.search;
}

/** Runs `run` when the browser has nothing more urgent to do (at the latest after the idle timeout). */
export function idle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

function schedule(link: HTMLAnchorElement, target: string): void {
  idle(() => {
    if (!canPrefetch() || !link.isConnected) return;
    link.setAttribute('data-prefetched', 'true');
    if (done.has(target)) return;
    done.add(target);
    prefetch(target).catch(() => {
      done.delete(target);
    });
  });
}

/** Watches the links now in the document; call after hydration and after every navigation. */
export function watchLinks(): void {
  if (!canPrefetch() || typeof IntersectionObserver === 'undefined') return;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const link = entry.target as HTMLAnchorElement;
      observer?.unobserve(link);
      const target = targetOf(link);
      if (target) schedule(link, target);
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (link.hasAttribute('data-prefetched') || !targetOf(link)) continue;
    observer.observe(link);
  }
}

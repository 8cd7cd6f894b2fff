import { PREFETCH_HEADERS, PREFETCH_IDLE_TIMEOUT_MS, prefetchAllowed, type ConnectionInfo } from '@lib/site.js';
import { pageLinkTarget } from './pageLinks.js';

/**
 * Prefetches the pages whose links become visible: once a link enters the viewport, after an idle callback (timeout
 * 2000 ms), never on 2g, with data saving on, or offline. The page itself goes into the browser's cache, which still
 * asks the server whether it changed when the link is followed (an editor's save shows at once, the answer is a
 * short 304 otherwise). Its code is preloaded when the visitor points at, touches or focuses one of its links, a
 * moment before the click: the first visit loads this page's code only, not that of every page it links to. A
 * prefetched link gets `data-prefetched`; a prefetch is no visit, so it counts no article read.
 */

const done = new Set<string>();
const preloadedModules = new Set<string>();
/** The modules each prefetched page names, by its address: preloaded when the visitor shows they may follow it. */
const modulesOf = new Map<string, string[]>();
/** Pages the visitor showed they may follow before their prefetch arrived: their code is preloaded when it does. */
const wanted = new Set<string>();
let observer: IntersectionObserver | null = null;

function connection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

function canPrefetch(): boolean {
  return prefetchAllowed(connection(), navigator.onLine);
}

/** Runs `run` when the browser has nothing more urgent to do (at the latest after the idle timeout). */
export function idle(run: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
  else setTimeout(run, 1);
}

/** The code a page's HTML asks the browser to load: Vike names each module of the page in a `modulepreload` link. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"<>]+)"/g;

function preloadModulesOf(target: string): void {
  const modules = modulesOf.get(target);
  if (!modules) {
    wanted.add(target);
    return;
  }
  for (const href of modules) {
    if (preloadedModules.has(href)) continue;
    preloadedModules.add(href);
    const hint = document.createElement('link');
    hint.rel = 'modulepreload';
    hint.href = href;
    document.head.append(hint);
  }
}

async function prefetchPage(target: string): Promise<void> {
  // Said to be a prefetch: the server counts no visit of the article it may be.
  const response = await fetch(target, { credentials: 'same-origin', headers: PREFETCH_HEADERS });
  if (!response.ok) throw new Error(`prefetch ${target}: ${response.status}`);
  const html = await response.text();
  modulesOf.set(
    target,
    [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? '').filter((href) => href !== ''),
  );
  if (wanted.delete(target)) preloadModulesOf(target);
}

/** A pointer over a link, a touch or the focus on it: the page it leads to is likely next, its code is preloaded. */
function onIntent(event: Event): void {
  if (!(event.target instanceof Element)) return;
  const link = event.target.closest('a[href]');
  const target = link instanceof HTMLAnchorElement ? pageLinkTarget(link) : null;
  if (target) preloadModulesOf(target);
}

/** Pages asked for at once, at most: the others wait their turn, so that neither the page nor the server is rushed. */
const AT_ONCE = 2;
const waiting: string[] = [];
let inFlight = 0;

function next(): void {
  while (inFlight < AT_ONCE && waiting.length > 0) {
    const target = waiting.shift() ?? '';
    inFlight++;
    prefetchPage(target)
      .catch(() => done.delete(target))
      .finally(() => {
        inFlight--;
        next();
      });
  }
}

function schedule(link: HTMLAnchorElement, target: string): void {
  idle(() => {
    if (!canPrefetch() || !link.isConnected) return;
    link.setAttribute('data-prefetched', 'true');
    if (done.has(target)) return;
    done.add(target);
    waiting.push(target);
    next();
  });
}

/** Watches the links now in the document (call after hydration; the modules this page loaded are not asked again). */
export function watchLinks(): void {
  if (!canPrefetch() || typeof IntersectionObserver === 'undefined') return;
  for (const hint of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) preloadedModules.add(hint.getAttribute('href') ?? '');
  // Once per page, with the observer: from then on the visitor's intent preloads a prefetched page's code.
  if (!observer) for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, onIntent, { passive: true });
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const link = entry.target as HTMLAnchorElement;
      observer?.unobserve(link);
      const target = pageLinkTarget(link);
      if (target) schedule(link, target);
    }
  });
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (link.hasAttribute('data-prefetched') || !pageLinkTarget(link)) continue;
    observer.observe(link);
  }
}

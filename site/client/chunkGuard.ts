/**
 * The chunk-reload guard: when a code chunk fails to load while the page starts or navigates, the page
 * is loaded again, at most once per 60 s, so that a new deployment heals open tabs without a reload loop.
 *
 * It must be listening before Vike loads the page's own chunks, so `+Head.tsx` inlines it (the server allows it in
 * the CSP by its hash) as `(${chunkGuardBoot})(key, guardMs, reloadAllowed)`. Both functions are therefore self-contained.
 */

export const CHUNK_RELOAD_KEY = 'site:chunk-reload-at';

/** Whether a reload may happen now, given the time of the last one (null: never). */
export function reloadAllowed(now: number, lastReloadAt: number | null, guardMs: number): boolean {
  if (lastReloadAt === null || !Number.isFinite(lastReloadAt)) return true;
  if (now < lastReloadAt) return true;
  return now - lastReloadAt >= guardMs;
}

interface SiteWindow extends Window {
  __siteHydrated?: boolean;
  __siteNavTarget?: string | null;
  __siteChunkReloads?: number;
}

export function chunkGuardBoot(key: string, guardMs: number, allowed: (now: number, last: number | null, guardMs: number) => boolean): void {
  const w = window as SiteWindow;
  window.addEventListener('vite:preloadError', () => {
    // After hydration and outside a navigation this is a prefetch: Vike falls back to server routing by itself.
    if (w.__siteHydrated && !w.__siteNavTarget) return;
    let last: number | null = null;
    try {
      const stored = window.sessionStorage.getItem(key);
      last = stored === null ? null : Number(stored);
    } catch {
      return; // without storage there is no guard, so no reload either
    }
    const now = Date.now();
    if (!allowed(now, last, guardMs)) return;
    try {
      window.sessionStorage.setItem(key, String(now));
    } catch {
      return;
    }
    // The error still reaches Vike, which gives up client routing for this document: the reload replaces it anyway.
    w.__siteChunkReloads = (w.__siteChunkReloads ?? 0) + 1;
    const target = w.__siteNavTarget || window.location.href;
    if (new URL(target, window.location.href).href === window.location.href) window.location.reload();
    else window.location.assign(target);
  });
}

/** The inline script's source. */
export function chunkGuardScript(guardMs: number): string {
  return `(${chunkGuardBoot.toString()})(${JSON.stringify(CHUNK_RELOAD_KEY)},${guardMs},${reloadAllowed.toString()});`;
}

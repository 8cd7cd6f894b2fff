/**
 * The chunk-reload guard: when a code chunk fails to load while the page starts, the page is loaded again, at most
 * once per 60 s, so that a new deployment heals pages opened from an old one without a reload loop.
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
}

export function chunkGuardBoot(key: string, guardMs: number, allowed: (now: number, last: number | null, guardMs: number) => boolean): void {
  const w = window as SiteWindow;
  window.addEventListener('vite:preloadError', () => {
    // After hydration the page works: a chunk it loads later (the prefetcher, the consent banner) copes alone.
    if (w.__siteHydrated) return;
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
    window.location.reload();
  });
}

/** The inline script's source. */
export function chunkGuardScript(guardMs: number): string {
  return `(${chunkGuardBoot.toString()})(${JSON.stringify(CHUNK_RELOAD_KEY)},${guardMs},${reloadAllowed.toString()});`;
}

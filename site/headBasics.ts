import { CHUNK_RELOAD_GUARD_MS } from '../lib/site.js';
import { chunkGuardScript } from './client/chunkGuard.js';

/**
 * In every page's head, the admin's too: the inline chunk-reload guard (a page whose code chunk fails to
 * load after a new deployment reloads) and the site's icons, which the server answers from `site/public`. The public
 * pages render it with React (`components/HeadBasics.tsx`); the admin's build writes it into its HTML.
 */
export const HEAD_ICONS: readonly { href: string; type?: string; sizes?: string }[] = [
  { href: '/favicon.svg', type: 'image/svg+xml' },
  { href: '/favicon.ico', sizes: '32x32' },
];

/** The chunk-reload guard's inline source; the server allows it in the CSP by its hash. */
export const CHUNK_GUARD_SOURCE = chunkGuardScript(CHUNK_RELOAD_GUARD_MS);

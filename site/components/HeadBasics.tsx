import { CHUNK_RELOAD_GUARD_MS } from '@lib/site.js';
import { chunkGuardScript } from '../client/chunkGuard.js';

/**
 * The start of every page's head, the admin's too: the inline chunk-reload guard (a page whose code chunk fails to
 * load after a new deployment reloads) and the site's icons, which the server answers from `site/public`.
 */
export function HeadBasics() {
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: chunkGuardScript(CHUNK_RELOAD_GUARD_MS) }} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
    </>
  );
}

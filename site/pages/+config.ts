import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';
import { SITE_REDIRECTS } from '@lib/site.js';

/** Settings of every public page (the admin is not a Vike page: it has its own build, `vite.admin.config.ts`). */
export default {
  extends: [vikeReact],
  // Pages live in site/pages: their routes start at `/`, not at `/site`.
  filesystemRoutingRoot: '/',
  // Every page is loaded from the server, cached there, and hydrated: Vike's client router would be half of a page's
  // first-load JavaScript. Following a link keeps the progress bar and the prefetching of visible links
  // (`site/client/navigation.ts`, `site/client/prefetch.ts`).
  clientRouting: false,
  passToClient: ['site', 'layoutJson', 'preview', 'abortReason', 'abortStatusCode', 'locale', 'urlPathname'],
  redirects: SITE_REDIRECTS,
  meta: {
    guards: { env: { server: true } },
    inEnglish: { env: { server: true } },
  },
} satisfies Config;

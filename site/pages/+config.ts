import vikeReact from 'vike-react/config';
import type { Config } from 'vike/types';
import { SITE_REDIRECTS } from '@lib/site.js';

/** Settings of every public page (the admin is not a Vike page: it has its own build, `vite.admin.config.ts`). */
export default {
  extends: [vikeReact],
  // Pages live in site/pages: their routes start at `/`, not at `/site`.
  filesystemRoutingRoot: '/',
  passToClient: ['site', 'layoutJson', 'preview', 'abortReason', 'abortStatusCode'],
  redirects: SITE_REDIRECTS,
  // Links are prefetched by site/client/prefetch.ts (idle callback, connection checks), not by Vike's default.
  prefetch: { staticAssets: false, pageContext: false },
  meta: {
    guards: { env: { server: true, client: true } },
    inEnglish: { env: { server: true, client: true } },
  },
} satisfies Config;

import type { ContentServices } from '@lib/content.js';
import type { Locale } from '@lib/locales.js';
import type { SiteSettings } from '@lib/site.js';
import type { LayoutData } from '@lib/types.js';

declare global {
  namespace Vike {
    interface Config {
      /** Names of the guards (middleware) the page needs, run in order before its data; an unknown name answers 500. */
      guards?: string[];
      /** The page exists in English too, under `/en/…` (where the site has English); the others are 404 there. */
      inEnglish?: boolean;
    }
    interface PageContext {
      /** Brand, public address, default description, alt template: set by the server, passed to the client. */
      site: SiteSettings;
      /** Menus and social links for the layout, on the server only (read them with `useLayout`). */
      layout?: LayoutData;
      /** The same as JSON, made once per cache generation and passed to the client in place of the object. */
      layoutJson?: string;
      /** Set when the page is opened through a valid preview link: the banner shows, search engines are told off. */
      preview?: { expiresAt: string } | null;
      /** Why a preview link opens nothing (expired, forged); set by the server only, the page answers 403 with it. */
      previewRefusal?: string | null;
      /** The language of the address (`/en/…`), set where the site has more than Russian; Russian when absent. */
      locale?: Locale;
    }
    interface PageContextServer {
      /** The server's content services, called in-process without an HTTP request. Never passed to the client. */
      content: ContentServices;
    }
  }
}

export {};

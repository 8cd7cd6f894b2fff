/**
 * Web analytics counters and the visitor's consent to them. Analytics cookies identify a visitor, so under Russian
 * personal-data law a counter runs only after the visitor agreed; until then the page neither loads its script nor
 * lets it in through the Content-Security-Policy. A counter kind is declared once here (the environment variable of
 * its id, the id's form, the addresses it needs, the cookies it leaves); its loader lives in site/client/counters.
 */

/** What a counter's script needs in the page's CSP, by directive. */
export type CounterCsp = Partial<Record<'script-src' | 'img-src' | 'connect-src' | 'frame-src', readonly string[]>>;

export interface CounterDeclaration {
  /** The counter's name as the banner tells it to visitors. */
  title: string;
  /** The environment variable holding the counter's id; the counter is off while it is unset. */
  env: string;
  /** The form of a valid id and its description for the error message of a bad one. */
  idPattern: RegExp;
  idDescription: string;
  csp: CounterCsp;
  /** Cookies and local storage keys the counter writes start with this; they are erased when consent is withdrawn. */
  storagePrefix: string;
}

const YANDEX_METRIKA_HOSTS = ['https://mc.yandex.ru', 'https://mc.yandex.com'];

export const COUNTERS = {
  // tag.js comes from mc.yandex.ru and may fetch its parts from yastatic.net; hits go to mc.yandex.ru (requests and
  // pixels), and cookie matching runs in frames of mc.yandex.ru and mc.yandex.com. Session replay (Webvisor) is off.
  metrika: {
    title: 'Яндекс Метрика',
    env: 'YANDEX_METRIKA_ID',
    // Digits only; at most 15 of them, so that the number the tag is given is exact in JavaScript.
    idPattern: /^\d{1,15}$/,
    idDescription: 'the counter number (digits only)',
    csp: {
      'script-src': [...YANDEX_METRIKA_HOSTS, 'https://yastatic.net'],
      'img-src': YANDEX_METRIKA_HOSTS,
      'connect-src': YANDEX_METRIKA_HOSTS,
      'frame-src': YANDEX_METRIKA_HOSTS,
    },
    storagePrefix: '_ym',
  },
} as const satisfies Record<string, CounterDeclaration>;

export type CounterKind = keyof typeof COUNTERS;

export const COUNTER_KINDS = Object.keys(COUNTERS) as CounterKind[];

/** A counter the site runs: its kind and its id from the configuration. */
export interface ConfiguredCounter {
  kind: CounterKind;
  id: string;
}

/** The first-party cookie that keeps the visitor's choice; the server reads it to widen the page's CSP. */
export const CONSENT_COOKIE = 'cookie_consent';
/** `analytics`: counters may run; `necessary`: only the cookies the site cannot work without. */
export type ConsentChoice = 'analytics' | 'necessary';
/** How long a choice is remembered: a year, then the banner asks again. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The choice stored in a `Cookie` header (or `document.cookie`), null when the visitor has not chosen. */
export function consentOfCookies(cookies: string | undefined): ConsentChoice | null {
  const match = cookies ? new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(cookies) : null;
  const value = match?.[1];
  return value === 'analytics' || value === 'necessary' ? value : null;
}

/** The privacy policy page the banner links to. */
export const PRIVACY_POLICY_PATH = '/politika-konfidentsialnosti';

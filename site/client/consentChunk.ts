import type * as Consent from './consent.js';

/**
 * The consent banner's behaviour and the counters are a chunk of their own, loaded after hydration and only on a
 * site with a counter configured: a site without analytics never loads them, and no site's first load carries them.
 */
let consent: Promise<typeof Consent> | null = null;

export const loadConsent = (): Promise<typeof Consent> => (consent ??= import('./consent.js'));

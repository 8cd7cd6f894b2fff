import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentOfCookies, COUNTERS, type ConfiguredCounter, type ConsentChoice } from '@lib/analytics.js';
import { startCounters } from './counters/index.js';
import { eraseCounterStorage } from './counters/erase.js';

/** The visitor's analytics choice: kept in a first-party cookie for a year, which the server reads for the CSP. */

/** The choice this page was loaded with: its CSP (fixed for the page's life) let the counters in or not by it. */
let choiceAtLoad: ConsentChoice | null | undefined;

/** The banner: open while the visitor has not chosen or when asked for; `focus` when opened on purpose. */
export interface ConsentBanner {
  open: boolean;
  focus: boolean;
}
let banner: ConsentBanner | null = null;
let returnFocus: HTMLElement | null = null;
const bannerListeners = new Set<(banner: ConsentBanner) => void>();

function showBanner(next: ConsentBanner): void {
  banner = next;
  for (const listener of bannerListeners) listener(next);
}

const storedChoice = (): ConsentChoice | null => consentOfCookies(document.cookie);

/** At the page's start: the counters run if the visitor accepted them before. */
export function startConsentedCounters(counters: readonly ConfiguredCounter[]): void {
  if (choiceAtLoad === undefined) choiceAtLoad = storedChoice();
  if (choiceAtLoad === 'analytics') startCounters(counters);
}

/** Tells `listener` the banner's state now and on every change. */
export function subscribeConsentBanner(listener: (banner: ConsentBanner) => void): () => void {
  banner ??= { open: storedChoice() === null, focus: false };
  bannerListeners.add(listener);
  listener(banner);
  return () => {
    bannerListeners.delete(listener);
  };
}

/**
 * Remembers the choice. The page's CSP follows the choice it was loaded with, so a choice that differs from it loads
 * the page again: an acceptance to let the counters in, a withdrawal to stop the ones running (their cookies erased
 * first). Otherwise the banner closes and focus returns to where it was before the banner was asked for.
 */
export function choose(choice: ConsentChoice, counters: readonly ConfiguredCounter[]): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  if (choice === 'necessary') eraseCounterStorage(counters.map(({ kind }) => COUNTERS[kind].storagePrefix));
  if ((choice === 'analytics') !== (choiceAtLoad === 'analytics')) {
    window.location.reload();
    return;
  }
  showBanner({ open: false, focus: false });
  returnFocus?.focus();
  returnFocus = null;
}

/** The footer's «Настройки cookie»: the banner opens again with focus in it. */
export function requestConsentSettings(): void {
  returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  showBanner({ open: true, focus: true });
}

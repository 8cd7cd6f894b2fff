import { useEffect, useRef, useState } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { COUNTERS, PRIVACY_POLICY_PATH, type ConsentChoice } from '@lib/analytics.js';
import type { ConsentBanner } from '../client/consent.js';
import { loadConsent } from '../client/consentChunk.js';

/**
 * The analytics consent banner, on every page when a counter is configured. The server renders it hidden for
 * everyone (the page's bytes are cached and shared), and the client shows it while the visitor has not chosen, or
 * when «Настройки cookie» in the footer asks for it (the choosing and the counters are a chunk loaded after hydration).
 * A non-modal region: the page stays usable behind it.
 */
export function CookieConsent() {
  const counters = usePageContext().site.analytics;
  const [banner, setBanner] = useState<ConsentBanner>({ open: false, focus: false });
  const firstButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!counters) return;
    let active = true;
    let unsubscribe: (() => void) | undefined;
    loadConsent().then(
      (consent) => {
        if (!active) return;
        consent.startConsentedCounters(counters);
        unsubscribe = consent.subscribeConsentBanner(setBanner);
      },
      () => undefined,
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, [counters]);

  useEffect(() => {
    if (banner.open && banner.focus) firstButton.current?.focus();
  }, [banner]);

  if (!counters) return null;
  const choose = (choice: ConsentChoice) =>
    void loadConsent().then(
      (consent) => consent.choose(choice, counters),
      () => undefined,
    );
  const names = [...new Set(counters.map(({ kind }) => COUNTERS[kind].title))].join(', ');

  return (
    <section className="consent" aria-label="Согласие на cookie" hidden={!banner.open} data-testid="cookie-consent">
      <p className="consent__text">
        {`Мы используем cookie для аналитики посещаемости (${names}) — только с вашего согласия. Подробнее — в `}
        <a href={PRIVACY_POLICY_PATH}>политике конфиденциальности</a>.
      </p>
      <div className="consent__actions">
        <button ref={firstButton} type="button" className="button" onClick={() => choose('analytics')}>
          Принять
        </button>
        <button type="button" className="button button--ghost" onClick={() => choose('necessary')}>
          Только необходимые
        </button>
      </div>
    </section>
  );
}

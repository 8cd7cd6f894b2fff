import type { ReactNode } from 'react';
import '../../styles/site.css';
import { CookieConsent } from '../../components/CookieConsent.js';
import { Footer } from '../../components/Footer.js';
import { Header } from '../../components/Header.js';
import { PreviewBanner } from '../../components/PreviewBanner.js';
import { Toasts } from '../../components/Toasts.js';
import { useTexts } from '../../i18n/useTexts.js';

export function Layout({ children }: { children: ReactNode }) {
  const texts = useTexts();
  return (
    <>
      <a className="skip-link" href="#main">
        {texts.skipLink}
      </a>
      <PreviewBanner />
      <div className="progress" role="progressbar" aria-label={texts.loading} aria-hidden="true">
        <div className="progress__bar" />
      </div>
      <Header />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <CookieConsent />
      <Toasts />
    </>
  );
}

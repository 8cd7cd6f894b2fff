import { usePageContext } from 'vike-react/usePageContext';
import { HeadBasics } from '../../components/HeadBasics.js';
import { DEFAULT_LOCALE, localizedPath, type Locale } from '@lib/locales.js';
import { alternatePaths } from '../../i18n/alternates.js';
import { metaOf, socialImageOf } from '../../meta.js';
import { jsonForScript } from '../../jsonLd.js';
import { DEFAULT_SOCIAL_IMAGE } from '@lib/site.js';
import { localeOf } from '../../i18n/pageTexts.js';
import { feedsOnPage } from '@lib/resources/index.js';
import { useLayout } from '../../useLayout.js';
import { lowVisionBootScript } from '@lib/lowVision.js';

/** Applies the visitor's choice of the version for the visually impaired before the first paint. */
const LOW_VISION_BOOT = lowVisionBootScript();

const OG_LOCALES: Readonly<Record<Locale, string>> = { ru: 'ru_RU', en: 'en_GB' };

/** The basics (chunk guard, icons), canonical address, Open Graph (vike-react adds og:title and og:description with the title) and JSON-LD (server-rendered head of every public page). */
export function Head() {
  const pageContext = usePageContext();
  const { site } = pageContext;
  const meta = metaOf(pageContext.data);
  const isError = Boolean(pageContext.is404) || pageContext.abortStatusCode !== undefined || !meta;
  const locale = localeOf(pageContext);
  const canonical = meta && !isError ? `${site.publicUrl}${localizedPath(meta.canonicalLocale ?? locale, meta.canonicalPath)}` : null;
  // Where the site has several languages: the page in each language it exists in, and the Russian one by default.
  const alternates = Object.entries(alternatePaths(pageContext));
  const russian = alternatePaths(pageContext)[DEFAULT_LOCALE];
  // A page without a picture of its own (lists, the home page, text pages) shows the site's declared default.
  const social = meta?.image ? socialImageOf(meta.image) : meta && !isError ? DEFAULT_SOCIAL_IMAGE : null;
  // A list's page announces its feed (whatever its filters and page), every page the site-wide ones.
  const listPath = meta && !isError ? (meta.canonicalPath.split('?')[0] ?? null) : null;
  return (
    <>
      <HeadBasics />
      {useLayout()?.lowVision !== false && <script dangerouslySetInnerHTML={{ __html: LOW_VISION_BOOT }} />}
      <meta name="theme-color" content="#0b5cad" />
      {feedsOnPage(listPath).map(({ feed }) => (
        <link
          key={feed.path}
          rel="alternate"
          type="application/rss+xml"
          title={`${feed.name[locale]} | ${site.brand}`}
          href={localizedPath(locale, feed.path)}
        />
      ))}
      {canonical && <link rel="canonical" href={canonical} />}
      {alternates.map(([language, path]) => (
        <link key={language} rel="alternate" hrefLang={language} href={`${site.publicUrl}${path}`} />
      ))}
      {alternates.length > 0 && russian && <link rel="alternate" hrefLang="x-default" href={`${site.publicUrl}${russian}`} />}
      {(isError || pageContext.preview) && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      <meta property="og:type" content={meta?.ogType ?? 'website'} />
      {canonical && <meta property="og:url" content={canonical} />}
      {social && <meta property="og:image" content={`${site.publicUrl}${social.src}`} />}
      {social && <meta property="og:image:width" content={String(social.width)} />}
      {social && <meta property="og:image:height" content={String(social.height)} />}
      <meta name="twitter:card" content={social ? 'summary_large_image' : 'summary'} />
      {meta?.jsonLd && !isError && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(meta.jsonLd) }} />}
    </>
  );
}

import { usePageContext } from 'vike-react/usePageContext';
import { CHUNK_RELOAD_GUARD_MS } from '@lib/site.js';
import { chunkGuardScript } from '../../client/chunkGuard.js';
import { metaOf } from '../../meta.js';

const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Canonical address, Open Graph (vike-react adds og:title and og:description with the title), JSON-LD and the inline chunk guard (server-rendered head of every page). */
export function Head() {
  const pageContext = usePageContext();
  const { site } = pageContext;
  const meta = metaOf(pageContext.data);
  const isError = Boolean(pageContext.is404) || pageContext.abortStatusCode !== undefined || !meta;
  const canonical = meta && !isError ? `${site.publicUrl}${meta.canonicalPath}` : null;
  const image = meta?.image ? `${site.publicUrl}${meta.image.src}` : null;
  return (
    <>
      <script dangerouslySetInnerHTML={{ __html: chunkGuardScript(CHUNK_RELOAD_GUARD_MS) }} />
      <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
      <link rel="icon" href="/favicon.ico" sizes="32x32" />
      <meta name="theme-color" content="#0b5cad" />
      <link rel="alternate" type="application/rss+xml" title={`Новости | ${site.brand}`} href="/rss.xml" />
      {canonical && <link rel="canonical" href={canonical} />}
      {(isError || pageContext.preview) && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:type" content={meta?.ogType ?? 'website'} />
      {canonical && <meta property="og:url" content={canonical} />}
      {image && <meta property="og:image" content={image} />}
      {image && meta?.image && <meta property="og:image:width" content={String(meta.image.width)} />}
      {image && meta?.image && <meta property="og:image:height" content={String(meta.image.height)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {meta?.jsonLd && !isError && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(meta.jsonLd) }} />}
    </>
  );
}

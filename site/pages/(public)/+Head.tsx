import { usePageContext } from 'vike-react/usePageContext';
import { CHUNK_RELOAD_GUARD_MS } from '../../../lib/site.js';
import { chunkGuardScript } from '../../client/chunkGuard.js';
import { metaOf } from '../../meta.js';

const FAVICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='7' fill='%230B5CAD'/%3E%3Cpath d='M9 21c2 2 4.5 3 7 3 4 0 7-2 7-5.5S20 14 16 13.2c-3-.6-4.4-1.2-4.4-2.7 0-1.4 1.5-2.5 3.8-2.5 2 0 3.6.7 5 1.8' stroke='%23fff' stroke-width='3' fill='none' stroke-linecap='round'/%3E%3C/svg%3E";

const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** Canonical address, Open Graph (vike-react adds og:title and og:description with the title), JSON-LD and the inline chunk guard (server-rendered head of every page). */
export function Head() {
  const pageContext = usePageContext();
  const { site } = pageContext;
  const nonce = pageContext.cspNonce ?? undefined;
  const meta = metaOf(pageContext.data);
  const isError = Boolean(pageContext.is404) || pageContext.abortStatusCode !== undefined || !meta;
  const canonical = meta && !isError ? `${site.publicUrl}${meta.canonicalPath}` : null;
  const image = meta?.image ? `${site.publicUrl}${meta.image.src}` : null;
  return (
    <>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: chunkGuardScript(CHUNK_RELOAD_GUARD_MS) }} />
      <link rel="icon" href={FAVICON} type="image/svg+xml" />
      <meta name="theme-color" content="#0b5cad" />
      <link rel="alternate" type="application/rss+xml" title={`Новости | ${site.brand}`} href="/rss.xml" />
      {canonical && <link rel="canonical" href={canonical} />}
      {isError && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={site.brand} />
      <meta property="og:locale" content="ru_RU" />
      <meta property="og:type" content={meta?.ogType ?? 'website'} />
      {canonical && <meta property="og:url" content={canonical} />}
      {image && <meta property="og:image" content={image} />}
      {image && meta?.image && <meta property="og:image:width" content={String(meta.image.width)} />}
      {image && meta?.image && <meta property="og:image:height" content={String(meta.image.height)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      {meta?.jsonLd && !isError && <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonForScript(meta.jsonLd) }} />}
    </>
  );
}

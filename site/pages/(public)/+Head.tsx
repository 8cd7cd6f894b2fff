import { usePageContext } from 'vike-react/usePageContext';
import { HeadBasics } from '../../components/HeadBasics.js';
import { metaOf } from '../../meta.js';

const jsonForScript = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The basics (chunk guard, icons), canonical address, Open Graph (vike-react adds og:title and og:description with the title) and JSON-LD (server-rendered head of every public page). */
export function Head() {
  const pageContext = usePageContext();
  const { site } = pageContext;
  const meta = metaOf(pageContext.data);
  const isError = Boolean(pageContext.is404) || pageContext.abortStatusCode !== undefined || !meta;
  const canonical = meta && !isError ? `${site.publicUrl}${meta.canonicalPath}` : null;
  const image = meta?.image ? `${site.publicUrl}${meta.image.src}` : null;
  return (
    <>
      <HeadBasics />
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
